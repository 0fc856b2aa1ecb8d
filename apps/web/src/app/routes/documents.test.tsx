import { screen, waitFor } from '@testing-library/react';
import type { TWorkflowStatus } from '@payrail/contract/identity';
import type { TEmployer } from '@payrail/contract/reference';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { navigationStackHandler, sessionAnswer, signInAs, documentsHandler, employerFixture } from '../../../test/fixtures';
import { api, server } from '../../../test/msw-server';
import { renderRoute } from '../../../test/render';
import { sessionStore } from '../../lib/session-store';

/** The borrower's employer: the Department of Veterans Affairs, paid through myPay (its pay-stub help and video). */
const employer = (overrides: Partial<TEmployer> = {}) =>
  employerFixture({
    payroll_portal: { name: 'myPay (DFAS)', url: 'https://mypay.dfas.mil' },
    pay_stub_help: 'Sign in to myPay and download your latest LES.',
    video_url: 'https://video.example/mypay',
    ...overrides,
  });

function documentHandlers({
  files = {} as Record<string, number>,
  required = { driver_license: true, pay_stub: true, proof_of_address: true, selfie_photo: true, optional: false },
  employerRow = employer(),
} = {}) {
  server.use(
    http.get(api('/required_documents'), () => HttpResponse.json(required)),
    http.get(api('/employer_entrypoint'), () =>
      HttpResponse.json({
        employee_id: null,
        employer_id: employerRow.id,
        employer_obj: { id: employerRow.id, name: employerRow.name, partnership: employerRow.partnership },
        income_source: 'Employed',
        working_time_range: '3 - 5 years',
      }),
    ),
    http.get(api('/employers/:id'), () => HttpResponse.json(employerRow)),
    documentsHandler(files),
  );
}

describe('documents (step 3)', () => {
  it('shows one upload per required type with the help texts; Continue waits for every type', async () => {
    signInAs({ workflow_status: 'documents' });
    documentHandlers({
      files: { driver_license: 1, pay_stub: 2 },
      required: { driver_license: true, pay_stub: true, proof_of_address: true, selfie_photo: false, optional: false },
    });
    renderRoute('/application/documents');
    expect(await screen.findByRole('heading', { level: 1, name: 'Documents' }, { timeout: 5000 })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Documents · Payrail'));
    expect(screen.getByText('Driver license', { selector: 'p' })).toBeInTheDocument();
    expect(screen.queryByText('Selfie photo', { selector: 'p' })).not.toBeInTheDocument();
    expect(await screen.findByText(/utility bill dated within the last 45 days/)).toBeInTheDocument();
    expect(await screen.findByText(/Sign in to myPay and download your latest LES\./)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Watch how to get your pay stub/ })).toHaveAttribute('href', 'https://video.example/mypay');
    expect(await screen.findByRole('list', { name: 'Pay stub: uploaded files' })).toBeInTheDocument();
    const continueButton = screen.getByRole('button', { name: 'Continue' });
    expect(continueButton).toBeDisabled();
    expect(screen.getByText('Upload at least one file for: Proof of address.')).toBeInTheDocument();
  }, 15_000);

  it('continues when every type has a file: next status, success notification, application review', async () => {
    signInAs({ workflow_status: 'proof_of_address_uploaded' });
    documentHandlers({ files: { driver_license: 1, pay_stub: 1, proof_of_address: 1, selfie_photo: 1 } });
    const sent: unknown[] = [];
    let status: TWorkflowStatus = 'proof_of_address_uploaded';
    server.use(
      http.get(api('/token_is_valid'), () => HttpResponse.json(sessionAnswer({ workflow_status: status }))),
      navigationStackHandler('proof_of_address_uploaded'),
      http.post(api('/workflow/next_status'), async ({ request }) => {
        sent.push(await request.json());
        status = 'application_review';
        return HttpResponse.json({ new_status: 'application_review', workflow_status: { next_status: 'application_review' } });
      }),
      // The next page starts loading; its calls are not what this test is about.
      http.get(api('/about_yourself/show_field/:field'), ({ params }) => HttpResponse.json({ field: params.field, value: null })),
      http.get(api('/bank_informations'), () => HttpResponse.json({ error: 'none' }, { status: 404 })),
      http.get(api('/loan'), () => HttpResponse.json({ error: 'none' }, { status: 404 })),
      http.get(api('/states'), () => HttpResponse.json([])),
    );
    const user = userEvent.setup();
    const { router } = renderRoute('/application/documents');
    const continueButton = await screen.findByRole('button', { name: 'Continue' }, { timeout: 5000 });
    await waitFor(() => expect(continueButton).toBeEnabled());
    await user.click(continueButton);
    await waitFor(() => expect(router.state.location.pathname).toBe('/application/application_review'));
    expect(sent).toEqual([{ current_status: 'proof_of_address_uploaded' }]);
    expect(sessionStore.getState().user?.workflow_status).toBe('application_review');
    expect(await screen.findByText('Your documents were saved.')).toBeInTheDocument();
  }, 15_000);

  it('lets a partner employee continue without files', async () => {
    signInAs({ workflow_status: 'documents' });
    documentHandlers({
      required: { driver_license: true, pay_stub: true, proof_of_address: true, selfie_photo: true, optional: true },
      employerRow: employer({ partnership: 'b2b_partner', employer_type: 'private' }),
    });
    renderRoute('/application/documents');
    expect(await screen.findByText(/documents are optional/, {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Continue' })).toBeEnabled();
  });

  it('opens the Postal Service instructions for a postal employer', async () => {
    signInAs({ workflow_status: 'documents' });
    documentHandlers({ employerRow: employer({ employer_type: 'postal', name: 'United States Postal Service', video_url: null }) });
    const user = userEvent.setup();
    renderRoute('/application/documents');
    await user.click(await screen.findByRole('button', { name: 'How to get your pay stub from the Postal Service' }, { timeout: 5000 }));
    expect(await screen.findByRole('dialog', { name: 'Your Postal Service pay stub' })).toBeInTheDocument();
    expect(screen.getByText(/PostalEASE/)).toBeInTheDocument();
  });
});
