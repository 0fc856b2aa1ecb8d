import { screen, waitFor, within } from '@testing-library/react';
import type { TWorkflowStatus } from '@payrail/contract/identity';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { sessionAnswer, signInAs, documentFile, documentsHandler, employerFixture } from '../../../test/fixtures';
import { api, server } from '../../../test/msw-server';
import { renderRoute } from '../../../test/render';
import { sessionStore } from '../../lib/session-store';

const FEDERAL = employerFixture({ payroll_portal: { name: 'myPay (DFAS)', url: 'https://mypay.dfas.mil' }, pay_stub_help: 'Download your LES.' });
const PRIVATE = employerFixture({
  ...FEDERAL,
  id: 9,
  name: 'Pinecrest Regional Medical Center',
  employer_type: 'private',
  payment_type: 'split_direct_deposit',
  payroll_portal: { name: 'MyADP', url: 'https://my.adp.com' },
});

function allotmentHandlers({ employer = FEDERAL, files = {} as Record<string, number>, feedback = null as Record<string, unknown> | null } = {}) {
  const calls: string[] = [];
  server.use(
    http.get(api('/employer_entrypoint'), () =>
      HttpResponse.json({
        employee_id: null,
        employer_id: employer.id,
        employer_obj: { id: employer.id, name: employer.name, partnership: null },
        income_source: 'Employed',
        working_time_range: '3 - 5 years',
      }),
    ),
    http.get(api('/employers/:id'), () => HttpResponse.json(employer)),
    http.get(api('/allotment_instructions'), () => {
      calls.push('instructions');
      return new HttpResponse('<section><h2>How to set up</h2><p>Routing number 034821624</p></section>', {
        headers: { 'content-type': 'text/html; charset=utf-8' },
      });
    }),
    http.get(api('/feedback'), () =>
      feedback ? HttpResponse.json(feedback) : HttpResponse.json({ error: 'There is no feedback to answer.' }, { status: 404 }),
    ),
    documentsHandler(files),
  );
  return { calls };
}

describe('allotment', () => {
  it('federal: allotment wording, the e-mailed instructions, the quick guide with payroll portals', async () => {
    signInAs({ workflow_status: 'allotment_needed' });
    const { calls } = allotmentHandlers();
    const user = userEvent.setup();
    renderRoute('/allotment');
    expect(await screen.findByRole('heading', { level: 1, name: 'Upload Allotment' }, { timeout: 5000 })).toBeInTheDocument();
    expect(await screen.findByText('Routing number 034821624')).toBeInTheDocument();
    expect(screen.getByText(/We e-mailed these instructions to you/)).toBeInTheDocument();
    expect(calls).toEqual(['instructions']);
    expect(screen.getByRole('button', { name: 'Continue' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Open the quick guide' }));
    const guide = await screen.findByRole('dialog', { name: 'Quick guide: Allotment' });
    expect(within(guide).getByText('Step 1 of 4')).toBeInTheDocument();
    await user.click(within(guide).getByRole('button', { name: 'Next' }));
    expect(within(guide).getByText('Step 2 of 4')).toBeInTheDocument();
    expect(within(guide).getByRole('link', { name: /myPay \(DFAS\)/ })).toHaveAttribute('href', 'https://mypay.dfas.mil');
    await user.click(within(guide).getByRole('button', { name: 'Next' }));
    await user.click(within(guide).getByRole('button', { name: 'Next' }));
    expect(within(guide).getByText('Step 4 of 4')).toBeInTheDocument();
    await user.click(within(guide).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  }, 15_000);

  it('an unknown employer reads like the home panel: allotment wording unless split_direct_deposit', async () => {
    signInAs({ workflow_status: 'allotment_needed' });
    allotmentHandlers();
    server.use(
      http.get(api('/employer_entrypoint'), () =>
        HttpResponse.json({ employee_id: null, employer_id: null, employer_obj: null, income_source: 'Employed', working_time_range: '3 - 5 years' }),
      ),
    );
    renderRoute('/allotment');
    expect(await screen.findByRole('heading', { level: 1, name: 'Upload Allotment' }, { timeout: 5000 })).toBeInTheDocument();
  }, 15_000);

  it('non-federal: split direct deposit wording everywhere', async () => {
    signInAs({ workflow_status: 'allotment_needed' });
    allotmentHandlers({ employer: PRIVATE });
    renderRoute('/allotment');
    expect(await screen.findByRole('heading', { level: 1, name: 'Upload Split Direct Deposit' }, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Your split direct deposit instructions' })).toBeInTheDocument();
    expect(screen.getByText('Split Direct Deposit', { selector: 'p' })).toBeInTheDocument();
    expect(screen.getByRole('main').textContent).not.toMatch(/allotment/i);
  }, 15_000);

  it("shows the reviewer's message and an upload per requested document; Continue needs each", async () => {
    let status: TWorkflowStatus = 'allotment_needed';
    signInAs({ workflow_status: status });
    server.use(http.get(api('/token_is_valid'), () => HttpResponse.json(sessionAnswer({ workflow_status: status }))));
    allotmentHandlers({
      files: { allotment: 1 },
      feedback: {
        message: 'Please also send a recent pay stub.',
        fields: { loan_borrower: {}, documents: { allotment: [], pay_stub: [] }, bank_information: null },
        allotment: true,
      },
    });
    const sent: string[] = [];
    server.use(
      http.post(api('/allotment/continue'), () => {
        sent.push('continue');
        status = 'review_allotment';
        return HttpResponse.json({ new_status: 'review_allotment', workflow_status: { next_status: 'review_allotment' } });
      }),
    );
    const user = userEvent.setup();
    const { router, queryClient } = renderRoute('/allotment');
    expect(await screen.findByText('Please also send a recent pay stub.', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByText('Pay stub', { selector: 'p' })).toBeInTheDocument();
    expect(await screen.findByText('Upload at least one file for: Pay stub.')).toBeInTheDocument();
    const continueButton = screen.getByRole('button', { name: 'Continue' });
    expect(continueButton).toBeDisabled();

    // A pay stub arrives (the widget refreshes its list after an upload): Continue opens.
    server.use(
      http.get(api('/documents'), ({ request }) => HttpResponse.json([documentFile(1, new URL(request.url).searchParams.get('document_type_name') ?? '')])),
    );
    await queryClient.invalidateQueries({ queryKey: ['documents'] });
    await waitFor(() => expect(continueButton).toBeEnabled());
    await user.click(continueButton);
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(sent).toEqual(['continue']);
    await waitFor(() => expect(sessionStore.getState().user?.workflow_status).toBe('review_allotment'));
  }, 15_000);
});

describe('allotment in analysis', () => {
  it('says it is in analysis and offers no upload', async () => {
    signInAs({ workflow_status: 'review_allotment' });
    allotmentHandlers({ files: { allotment: 1 } });
    renderRoute('/allotment');
    expect(await screen.findByRole('heading', { level: 1, name: 'Allotment in analysis' }, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Continue' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Go to your application status' })).toBeInTheDocument();
  }, 15_000);
});
