import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { TWorkflowStatus } from '@payrail/contract/identity';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { sessionAnswer, signInAs, STATES, documentFile, documentsHandler } from '../../../test/fixtures';
import { api, server } from '../../../test/msw-server';
import { renderRoute } from '../../../test/render';
import { applicantValues, loanTermsFixture } from '../../../test/application-fixtures';
import { sessionStore } from '../../lib/session-store';

const VALUES = applicantValues({ unit_number: 'Apt 4', working_time_range: '3 - 5 years' });

const LOAN = loanTermsFixture({
  payment_per_term: 14_512,
  amount_options: [300_000],
  final_payment: 14_500,
  total_of_payments: 377_312,
  finance_charge: 77_312,
});

interface Setup {
  files?: Record<string, number>;
  optional?: boolean;
  bank?: Record<string, unknown> | null;
}

/** Agreements the page recorded (POST /borrower_agreement_documents?agreement=). */
let creditPulls: (string | null)[] = [];

/** The calls the review page makes, answered like the server; returns the bodies it received. */
function reviewHandlers({
  files = { driver_license: 1, pay_stub: 1, proof_of_address: 1, selfie_photo: 1 },
  optional = false,
  bank = { account_type: 'checking', routing_transfer_number: '034821624', bank_account_number: '*****6789' },
}: Setup = {}) {
  const updates: unknown[] = [];
  creditPulls = [];
  const values = { ...VALUES };
  server.use(
    http.get(api('/about_yourself/show_field/:field'), ({ params }) => HttpResponse.json({ field: params.field, value: values[String(params.field)] ?? null })),
    http.post(api('/about_yourself/update_field'), async ({ request }) => {
      const body = (await request.json()) as { loan_borrower: Record<string, string> };
      updates.push(body);
      if (body.loan_borrower.zip_code === '00000') return HttpResponse.json({ errors: { zip_code: ['is invalid'] } }, { status: 422 });
      Object.assign(values, body.loan_borrower);
      return HttpResponse.json({ loan_borrower: body.loan_borrower });
    }),
    http.get(api('/employer_entrypoint'), () =>
      HttpResponse.json({
        employee_id: null,
        employer_id: 3,
        employer_obj: { id: 3, name: 'Department of Veterans Affairs', partnership: null },
        income_source: 'Employed',
        working_time_range: '3 - 5 years',
      }),
    ),
    http.get(api('/bank_informations'), () =>
      bank
        ? HttpResponse.json({
            id: 1,
            bank_name: 'HARBOR POINT BANK, N.A.',
            logo: null,
            source: 'manual',
            verified_at: '2026-12-01T10:00:00Z',
            statement_document_id: 4,
            account_type: null,
            routing_transfer_number: null,
            bank_account_number: null,
            ...bank,
          })
        : HttpResponse.json({ error: 'No bank account found. Please provide your bank information.' }, { status: 404 }),
    ),
    http.get(api('/loan'), () => HttpResponse.json(LOAN)),
    http.post(api('/borrower_agreement_documents'), ({ request }) => {
      creditPulls.push(new URL(request.url).searchParams.get('agreement'));
      return HttpResponse.json(
        { ok: true, agreement: { id: 40, name: 'credit_pull_authorization', accepted_at: '2026-12-01T10:00:00.000Z' } },
        { status: 201 },
      );
    }),
    http.get(api('/agreement_document'), () =>
      HttpResponse.json({
        id: 40,
        name: 'credit_pull_authorization',
        title: 'Credit Pull Authorization',
        version: '1',
        state_abbreviation: null,
        file_url: '/x',
        pdf_url: '/x.pdf',
        body_html: '<p>x</p>',
      }),
    ),
    http.get(api('/states'), () => HttpResponse.json(STATES)),
    http.get(api('/required_documents'), () =>
      HttpResponse.json({ driver_license: true, pay_stub: true, proof_of_address: true, selfie_photo: true, optional }),
    ),
    documentsHandler(files),
  );
  return { updates };
}

const confirmButton = () => document.getElementById('application_review-confirm') as HTMLButtonElement;

/** Once the credit pull is the only thing left, ticks its authorization and waits for Confirm. */
async function authorizeCreditPull() {
  await screen.findByText('Authorize the credit pull before confirming.', undefined, { timeout: 5000 });
  expect(confirmButton()).toBeDisabled();
  fireEvent.click(screen.getByRole('checkbox', { name: /obtain my credit report/ }));
  await waitFor(() => expect(confirmButton()).toBeEnabled());
}

describe('application review', () => {
  it('shows the loan terms, the sections with the masked SSN, and Confirm (id application_review-confirm)', async () => {
    signInAs({ workflow_status: 'application_review' });
    reviewHandlers();
    renderRoute('/application/application_review');
    expect(await screen.findByRole('heading', { level: 1, name: 'Application Review' }, { timeout: 5000 })).toBeInTheDocument();
    const terms = await screen.findByRole('region', { name: 'Your loan terms' });
    expect(within(terms).getByText('$3,000.00')).toBeInTheDocument();
    expect(within(terms).getByText('24.87%')).toBeInTheDocument();
    expect(within(terms).getByText('Origination fee')).toBeInTheDocument();
    const personal = screen.getByRole('region', { name: 'Personal information' });
    expect(within(personal).getByText('xxx-xx-6789')).toBeInTheDocument();
    expect(within(personal).getAllByText('Delaware')).toHaveLength(2);
    expect(within(screen.getByRole('region', { name: 'Job information' })).getByText('Department of Veterans Affairs')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Bank information' })).getByText('*****6789')).toBeInTheDocument();
    await waitFor(() => expect(within(screen.getByRole('region', { name: 'Documents' })).getAllByText('1 file')).toHaveLength(4));
    await authorizeCreditPull();
    expect(confirmButton()).toHaveTextContent('Confirm');
  }, 15_000);

  it('hides bank information without values, and keeps Confirm disabled while a document is missing', async () => {
    signInAs({ workflow_status: 'application_review' });
    reviewHandlers({ files: { driver_license: 1, pay_stub: 1, proof_of_address: 0, selfie_photo: 1 }, bank: null });
    renderRoute('/application/application_review');
    expect(await screen.findByRole('region', { name: 'Documents' }, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Bank information' })).not.toBeInTheDocument();
    expect(await screen.findByText('Upload at least one file for: Proof of address.')).toBeInTheDocument();
    expect(confirmButton()).toBeDisabled();
  }, 15_000);

  it('keeps Confirm disabled while a saved bank field fails the shared routing rule, naming it', async () => {
    signInAs({ workflow_status: 'application_review' });
    // Ten digits fit the 12-digit mask but are no routing number (lib/bank-rules, as in the manual form).
    reviewHandlers({ bank: { account_type: 'checking', routing_transfer_number: '0348216240', bank_account_number: '*****6789' } });
    renderRoute('/application/application_review');
    expect(await screen.findByRole('region', { name: 'Bank information' }, { timeout: 5000 })).toBeInTheDocument();
    await waitFor(() => expect(confirmButton()).toHaveAccessibleDescription('Correct these fields before confirming: Routing transfer number.'));
    expect(confirmButton()).toBeDisabled();
  }, 15_000);

  it('a failed required-documents call shows a message and a retry instead of spinning', async () => {
    signInAs({ workflow_status: 'application_review' });
    reviewHandlers();
    let calls = 0;
    server.use(
      http.get(api('/required_documents'), () => {
        calls += 1;
        return calls === 1
          ? HttpResponse.json({ error: 'boom' }, { status: 500 })
          : HttpResponse.json({ driver_license: true, pay_stub: true, proof_of_address: true, selfie_photo: true, optional: false });
      }),
    );
    const user = userEvent.setup();
    renderRoute('/application/application_review');
    expect(await screen.findByText('We could not load your application. Please try again.', undefined, { timeout: 5000 })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('region', { name: 'Documents' }, { timeout: 5000 })).toBeInTheDocument();
  }, 15_000);

  it('a failed documents list shows a message and a retry instead of blocking Confirm silently', async () => {
    signInAs({ workflow_status: 'application_review' });
    reviewHandlers();
    let failing = true;
    server.use(
      http.get(api('/documents'), ({ request }) => {
        if (failing) return HttpResponse.json({ error: 'boom' }, { status: 500 });
        const type = new URL(request.url).searchParams.get('document_type_name') ?? '';
        return HttpResponse.json([documentFile(1, type)]);
      }),
    );
    const user = userEvent.setup();
    renderRoute('/application/application_review');
    expect(await screen.findByText('We could not load your application. Please try again.', undefined, { timeout: 5000 })).toBeInTheDocument();
    failing = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await authorizeCreditPull();
  }, 15_000);

  it('lets a partner employee confirm without documents', async () => {
    signInAs({ workflow_status: 'application_review' });
    reviewHandlers({ files: {}, optional: true });
    renderRoute('/application/application_review');
    expect(await screen.findByRole('region', { name: 'Documents' }, { timeout: 5000 })).toBeInTheDocument();
    await authorizeCreditPull();
  }, 15_000);

  it('edits and saves a section; the server refusal shows on the field', async () => {
    signInAs({ workflow_status: 'application_review' });
    const { updates } = reviewHandlers();
    const user = userEvent.setup();
    renderRoute('/application/application_review');
    await user.click(await screen.findByRole('button', { name: 'Edit Personal information' }, { timeout: 5000 }));
    const form = screen.getByRole('form', { name: 'Edit Personal information' });
    expect(confirmButton()).toBeDisabled();
    expect(screen.getByText('Save or cancel your changes before confirming.')).toBeInTheDocument();

    const zip = within(form).getByLabelText('Zip code');
    await user.clear(zip);
    await user.type(zip, '00000');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText('is invalid')).toBeInTheDocument();
    expect(zip).toHaveAttribute('aria-invalid', 'true');

    await user.clear(zip);
    await user.type(zip, '19803');
    const city = within(form).getByLabelText('City');
    await user.clear(city);
    await user.type(city, 'Newark');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Edit Personal information' })).not.toBeInTheDocument());
    expect(await within(screen.getByRole('region', { name: 'Personal information' })).findByText('Newark')).toBeInTheDocument();
    expect(updates).toEqual([{ loan_borrower: { zip_code: '00000' } }, { loan_borrower: { city: 'Newark', zip_code: '19803' } }]);
  }, 20_000);

  it('confirms: GET /review, a success notification and the page of the new status', async () => {
    let status: TWorkflowStatus = 'application_review';
    signInAs({ workflow_status: status });
    server.use(http.get(api('/token_is_valid'), () => HttpResponse.json(sessionAnswer({ workflow_status: status }))));
    reviewHandlers();
    server.use(
      http.get(api('/review'), () => {
        status = 'select_repay_method';
        return HttpResponse.json({ ok: true, new_status: 'select_repay_method' });
      }),
    );
    const user = userEvent.setup();
    const { router } = renderRoute('/application/application_review');
    await screen.findByRole('heading', { level: 1, name: 'Application Review' }, { timeout: 5000 });
    await authorizeCreditPull();
    await user.click(confirmButton());
    await waitFor(() => expect(router.state.location.pathname).toBe('/select_repay_method'));
    expect(sessionStore.getState().user?.workflow_status).toBe('select_repay_method');
    // The credit pull authorization was recorded before the review ran the credit check.
    expect(creditPulls).toEqual(['credit_pull_authorization']);
    expect(await screen.findByText(/Good news: you are pre-approved!/)).toBeInTheDocument();
    expect(screen.queryByText('Your application was sent for review.')).not.toBeInTheDocument();
  }, 15_000);

  it("shows the review's field errors on their section", async () => {
    signInAs({ workflow_status: 'application_review' });
    reviewHandlers();
    server.use(
      http.get(api('/review'), () =>
        HttpResponse.json({ errors: { driver_license_number: ["can't be blank"], 'references.0.phone': ['is invalid'] } }, { status: 422 }),
      ),
    );
    const user = userEvent.setup();
    renderRoute('/application/application_review');
    await screen.findByRole('heading', { level: 1, name: 'Application Review' }, { timeout: 5000 });
    await authorizeCreditPull();
    await user.click(confirmButton());
    const form = await screen.findByRole('form', { name: 'Edit Personal information' });
    expect(within(form).getByText("can't be blank")).toBeInTheDocument();
    expect(screen.getByText('Reference 1 phone: is invalid')).toBeInTheDocument();
    expect(confirmButton()).toBeDisabled();
  }, 15_000);
});
