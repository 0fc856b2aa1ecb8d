import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { StaffRole } from '@payrail/contract/staff';
import type { TApplicationDetail } from '@payrail/contract/backoffice';
import { applicationDetail, OPEN_REQUEST, signInAs } from '../../../test/fixtures';
import { bo, server } from '../../../test/msw-server';
import { renderRoute } from '../../../test/render';

const consents = {
  records: [
    {
      key: 'agreement:1',
      kind: 'agreement',
      name: 'consent_eletronic_comunications',
      title: 'Consent to Receive Electronic Communications (E-SIGN Disclosure)',
      version: '2026-01',
      accepted_at: '2026-11-02T14:05:00.000Z',
      ip: '203.0.113.9',
      detail: null,
      revoked_at: null,
      document_id: 11,
    },
  ],
  electronic_communications: {
    state: 'given',
    delivery: 'electronic',
    withdrawn_at: null,
    mailing_address: '12 Harbor Street, Wilmington, DE 19801',
    consequences: ['Documents we already gave you electronically stay valid.'],
    history: [],
  },
};

function serveApplication(detail: TApplicationDetail = applicationDetail(), allowed: string[] = ['review_application', 'feedback_sent']) {
  server.use(
    http.get(bo('/applications/42'), () => HttpResponse.json(detail)),
    http.get(bo('/applications/42/allowed_statuses'), () =>
      HttpResponse.json({ user_id: 42, current_status: detail.status, allowed_statuses: allowed, transitions: [] }),
    ),
    http.get(bo('/members/42/requests'), () => HttpResponse.json({ requests: [] })),
    http.get(bo('/members/42/consents'), () => HttpResponse.json(consents)),
  );
}

async function openAs(role: StaffRole, detail?: TApplicationDetail) {
  signInAs(role);
  serveApplication(detail);
  const utils = renderRoute('/applications/42');
  await screen.findByRole('heading', { level: 1, name: 'Maria Lopez' });
  return { ...utils, user: userEvent.setup() };
}

beforeEach(() => {
  vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:doc-301');
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
});
afterEach(() => vi.restoreAllMocks());

describe('application detail', { timeout: 20_000 }, () => {
  it('shows every section with the SSN and bank account masked', async () => {
    await openAs('underwriter');
    expect(document.title).toBe('Application of Maria Lopez · Payrail back office');
    for (const name of [
      'Borrower',
      'Employment and income',
      'Housing',
      'References',
      'Bank account',
      'Loan terms',
      'Documents',
      'E-signature',
      'Workflow history',
      'Underwriting decisions',
      'Feedback requests',
      'Messages sent',
    ]) {
      expect(screen.getByRole('heading', { level: 2, name })).toBeInTheDocument();
    }
    expect(screen.getByText('***-**-1234')).toBeInTheDocument();
    expect(screen.getByText('****6789')).toBeInTheDocument();
    expect(screen.getByText('Waiting on lender')).toBeInTheDocument();
    expect(within(screen.getByRole('table', { name: 'Workflow history' })).getByText('Application submitted')).toBeInTheDocument();
    expect(within(screen.getByRole('table', { name: 'Underwriting decisions' })).getByText('Income not verified')).toBeInTheDocument();
    expect(within(screen.getByRole('table', { name: 'Messages sent' })).getByText('We received your application')).toBeInTheDocument();
  });

  it('formats the money the contract types as ZCents, and only that: a number under a money-like name stays a number', async () => {
    const base = applicationDetail();
    await openAs('underwriter', {
      ...base,
      borrower: {
        ...base.borrower,
        housing: { housing_type: 'rent', housing_payment_cents: 120000 },
        income: { annual_income_cents: 5200000, annual_household_income_cents: null },
        other: { prior_payment: 3 },
      },
    });
    const row = (label: string) => screen.getByText(label).closest('div')!;
    expect(within(row('Housing payment')).getByText('$1,200.00')).toBeInTheDocument();
    expect(within(row('Annual income')).getByText('$52,000.00')).toBeInTheDocument();
    expect(within(row('Prior payment')).getByText('3')).toBeInTheDocument();
  });

  it('shows the new-flow evidence of a new-flow application: rate check, payroll split, proof of address, offer', async () => {
    server.use(
      http.get(bo('/applications/42/newflow'), () =>
        HttpResponse.json({
          new_flow: true,
          loan_request: { amount: 300000, payment_frequency: 'bi-weekly', loan_purpose_name: 'Emergency Cash', fixed_payment_amount: 15000 },
          rate_check: { state: 'done', outcome: 'counteroffer', approved_amount: 150000, adverse_action_reasons: [] },
          program: 'split_direct_deposit',
          payroll: {
            account_id: '…abcdefgh',
            employer: 'Sandbox payroll',
            connected_at: '2026-12-01T15:00:00.000Z',
            allocation_requested: 13490,
            allocation_amount: 13490,
            allocation_status: 'set',
          },
          manual_split: { amount: 8500, document_id: null },
          pay_stub_document_id: null,
          proof_of_address: { statement_date: '2026-11-20', address: '123 North Main Street', zip_code: '62701', document_id: 301 },
          chosen_offer: {
            fixed_payment_amount: 7000,
            term_frequency: 'biweekly',
            terms_in_months: 12,
            terms: 26,
            interest_rate: '20.00',
            apr: '25.1234',
            fee_amount: 0,
            amount: 150000,
            finance_charge: 32000,
            total_of_payments: 182000,
            special: false,
            is_autodebit: false,
          },
        }),
      ),
    );
    await openAs('underwriter');
    const section = await screen.findByRole('region', { name: 'New-flow evidence' });
    expect(within(section).getByText('$134.90 (Set)')).toBeInTheDocument();
    expect(within(section).getByText('$134.90')).toBeInTheDocument();
    expect(within(section).getByText(/Dated 11\/20\/2026, 123 North Main Street 62701/)).toBeInTheDocument();
    expect(within(section).getByText('Done — Counteroffer')).toBeInTheDocument();
  });

  it('reveals the full SSN only after confirming, through the audited call', async () => {
    let revealed = 0;
    server.use(
      http.post(bo('/applications/42/reveal_ssn'), () => {
        revealed += 1;
        return HttpResponse.json({ social_security_number: '123-45-1234' });
      }),
    );
    const { user } = await openAs('underwriter');

    await user.click(screen.getByRole('button', { name: 'Reveal SSN' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reveal the full SSN?' });
    expect(dialog).toHaveTextContent('audit log');
    await user.click(within(dialog).getByRole('button', { name: 'Keep it masked' }));
    expect(revealed).toBe(0);

    await user.click(screen.getByRole('button', { name: 'Reveal SSN' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Reveal the full SSN?' })).getByRole('button', { name: 'Reveal' }));

    expect(await screen.findByText('123-45-1234')).toBeInTheDocument();
    expect(revealed).toBe(1);
    expect(screen.queryByText('***-**-1234')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Hide SSN' }));
    expect(screen.getByText('***-**-1234')).toBeInTheDocument();
  });

  it('shows a document in the page from a blob fetched with the staff token', async () => {
    let authorization: string | null = null;
    server.use(
      http.get(bo('/documents/301'), ({ request }) => {
        authorization = request.headers.get('authorization');
        return new HttpResponse(new Blob([new Uint8Array([137, 80, 78, 71])], { type: 'image/png' }), { headers: { 'content-type': 'image/png' } });
      }),
    );
    const { user } = await openAs('underwriter');

    await user.click(screen.getByRole('button', { name: 'Show stub.png' }));
    const image = await screen.findByRole('img', { name: 'Pay stub: stub.png' });
    expect(image).toHaveAttribute('src', 'blob:doc-301');
    expect(authorization).toBe('Bearer underwriter-token');
    expect(screen.getByRole('button', { name: 'Hide stub.png' })).toHaveAttribute('aria-expanded', 'true');
  });

  it('shows a PDF in a titled 500 px frame', async () => {
    server.use(
      http.get(
        bo('/documents/302'),
        () => new HttpResponse(new Blob(['%PDF-1.7'], { type: 'application/pdf' }), { headers: { 'content-type': 'application/pdf' } }),
      ),
    );
    const detail = applicationDetail({
      documents: [
        {
          id: 302,
          type: 'proof_of_address',
          file_name: 'bill.pdf',
          file_size: 9000,
          view_url: '/api/backoffice/documents/302',
          uploaded_at: '2026-11-10T10:00:00.000Z',
        },
      ],
    });
    const { user } = await openAs('admin', detail);

    await user.click(screen.getByRole('button', { name: 'Show bill.pdf' }));
    const frame = await screen.findByTitle('Proof of address: bill.pdf');
    expect(frame.tagName).toBe('IFRAME');
    expect(frame).toHaveAttribute('height', '500');
  });
});

// Many user-event steps per test: give a busy machine room (the default is 5 s).
describe('reviewer actions', { timeout: 20_000 }, () => {
  it('sends the chosen feedback fields, documents and message', async () => {
    let body: unknown = null;
    server.use(
      http.post(bo('/applications/42/feedback'), async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ ok: true, previous_status: 'application_submitted', new_status: 'feedback_sent' }, { status: 201 });
      }),
    );
    const { user } = await openAs('underwriter');

    await user.click(screen.getByRole('button', { name: 'Request feedback' }));
    const dialog = await screen.findByRole('dialog', { name: 'Request feedback' });
    // Nothing chosen: the dialog explains instead of calling the server.
    await user.click(within(dialog).getByRole('button', { name: 'Send feedback request' }));
    expect(within(dialog).getByText('Choose at least one item to correct or upload.')).toBeInTheDocument();
    expect(within(dialog).getByText('Write a message for the borrower.')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('checkbox', { name: 'Social security number' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Address' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'References' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Pay stub' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'W-2' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Allotment set-up' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Message to the borrower' }), 'Please upload a recent pay stub.');
    await user.click(within(dialog).getByRole('button', { name: 'Send feedback request' }));

    await waitFor(() => expect(body).not.toBeNull());
    expect(body).toEqual({
      message: 'Please upload a recent pay stub.',
      fields: { loan_borrower: ['social_security_number', 'address', 'user_references'] },
      documents: ['pay_stub', 'w2'],
      bank_information: false,
      allotment: true,
    });
    expect(await screen.findByText('Feedback request sent. Now: Feedback sent.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Request feedback' })).not.toBeInTheDocument());
  });

  it('asks for a receiver account through the bank link', async () => {
    let body: Record<string, unknown> | null = null;
    server.use(
      http.post(bo('/applications/42/feedback'), async ({ request }) => {
        body = (await request.json()) as Record<string, unknown>;
        return HttpResponse.json({ ok: true, previous_status: 'application_submitted', new_status: 'feedback_sent' }, { status: 201 });
      }),
    );
    const { user } = await openAs('admin');
    await user.click(screen.getByRole('button', { name: 'Request feedback' }));
    const dialog = await screen.findByRole('dialog', { name: 'Request feedback' });
    await user.click(within(dialog).getByRole('checkbox', { name: 'Receiver bank account' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Message to the borrower' }), 'Choose the account again.');
    await user.click(within(dialog).getByRole('button', { name: 'Send feedback request' }));
    await waitFor(() => expect(body).not.toBeNull());
    expect(body!.bank_information).toEqual({ bank_link: true });
  });

  it('requires a reason and a reapply date to decline', async () => {
    let body: unknown = null;
    server.use(
      http.post(bo('/applications/42/decline'), async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ ok: true, previous_status: 'application_submitted', new_status: 'declined' });
      }),
    );
    const { user } = await openAs('underwriter');

    await user.click(screen.getByRole('button', { name: 'Decline' }));
    const dialog = await screen.findByRole('dialog', { name: 'Decline the application' });
    await user.click(within(dialog).getByRole('button', { name: 'Decline application' }));
    expect(within(dialog).getByRole('textbox', { name: 'Reason' })).toHaveAccessibleDescription('Give the reason.');
    expect(within(dialog).getByLabelText('May apply again on')).toHaveAccessibleDescription('Choose the date the borrower may apply again, or "Never".');
    expect(body).toBeNull();

    await user.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'Income too low for the amount');
    await user.type(within(dialog).getByLabelText('May apply again on'), '2027-05-22');
    await user.click(within(dialog).getByRole('button', { name: 'Decline application' }));

    await waitFor(() => expect(body).toEqual({ reapply_on: '2027-05-22', reasons: ['Income too low for the amount'] }));
    expect(await screen.findByText('Application declined. Now: Declined.')).toBeInTheDocument();
  });

  it('denies with a not-qualified reason and "never"', async () => {
    let body: unknown = null;
    server.use(
      http.post(bo('/applications/42/deny'), async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ ok: true, previous_status: 'application_submitted', new_status: 'denied' });
      }),
    );
    const { user } = await openAs('underwriter');
    await user.click(screen.getByRole('button', { name: 'Deny' }));
    const dialog = await screen.findByRole('dialog', { name: 'Deny the application' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'Active military');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Never' }));
    await user.click(within(dialog).getByRole('button', { name: 'Deny application' }));
    await waitFor(() => expect(body).toEqual({ not_qualified_reason: 'Active military', reapply_on: 'never', reasons: ['Active military'] }));
  });

  it('moves to an allowed status and approves after confirming', async () => {
    const calls: { path: string; body: unknown }[] = [];
    server.use(
      http.post(bo('/applications/42/:action'), async ({ request, params }) => {
        calls.push({ path: String(params.action), body: await request.text() });
        return HttpResponse.json({
          ok: true,
          previous_status: 'application_submitted',
          new_status: params.action === 'approve' ? 'approved' : 'review_application',
        });
      }),
    );
    signInAs('underwriter');
    serveApplication(applicationDetail(), ['review_application', 'feedback_sent', 'approved']);
    renderRoute('/applications/42');
    const user = userEvent.setup();

    const select = await screen.findByRole('combobox', { name: 'Move to status' });
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Choose a status', 'Review application', 'Feedback sent', 'Approved']);
    await user.selectOptions(select, 'review_application');
    await user.click(screen.getByRole('button', { name: 'Move status' }));
    // The move is asked first (from → to), and nothing is sent before the confirmation.
    const confirm = await screen.findByRole('dialog', { name: 'Move to Review application?' });
    expect(confirm).toHaveTextContent('The application moves from Application submitted to Review application.');
    expect(calls).toHaveLength(0);
    await user.click(within(confirm).getByRole('button', { name: 'Move status' }));
    await waitFor(() => expect(calls[0]).toEqual({ path: 'status', body: JSON.stringify({ new_status: 'review_application' }) }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Move to Review application?' })).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Approve' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Approve the application?' })).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(calls.map((c) => c.path)).toEqual(['status', 'approve']));
  });

  it('decides the employer review of a new-flow application through its own action, with a note', async () => {
    const calls: { path: string; body: unknown }[] = [];
    server.use(
      http.post(bo('/applications/42/:action'), async ({ request, params }) => {
        calls.push({ path: String(params.action), body: await request.json() });
        return HttpResponse.json({ ok: true, previous_status: 'employer_under_review', new_status: 'personal_info' });
      }),
    );
    signInAs('underwriter');
    serveApplication(applicationDetail({ status: 'employer_under_review' }), ['personal_info', 'cant_proceed', 'canceled']);
    server.use(
      http.get(bo('/applications/42/employer_review'), () =>
        HttpResponse.json({
          user_id: 42,
          status: 'employer_under_review',
          described: { name: 'Acme Tools', multiple_paycheck: 'No', payroll_service: 'ADP', work_email: 'me@acme.test' },
          payment_frequency: 'weekly',
          candidates: [],
        }),
      ),
    );
    renderRoute('/applications/42');
    const user = userEvent.setup();
    const section = await screen.findByRole('region', { name: 'Employer review' });
    // The generic status change no longer offers the review's targets.
    const select = await screen.findByRole('combobox', { name: 'Move to status' });
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Choose a status', 'Canceled']);
    await user.click(within(section).getByRole('button', { name: 'Accept employer' }));
    const dialog = await screen.findByRole('dialog', { name: 'Accept the employer?' });
    await user.type(within(dialog).getByRole('textbox', { name: /Note/ }), 'Checked the website.');
    await user.click(within(dialog).getByRole('button', { name: 'Accept employer' }));
    await waitFor(() =>
      expect(calls).toEqual([{ path: 'employer_review', body: { decision: 'accept', employer_name: 'Acme Tools', note: 'Checked the website.' } }]),
    );

    await user.click(within(section).getByRole('button', { name: 'Cannot proceed' }));
    const stop = await screen.findByRole('dialog', { name: 'Stop the application?' });
    await user.type(within(stop).getByRole('textbox', { name: 'Reason' }), 'No such company.');
    await user.click(within(stop).getByRole('button', { name: 'Cannot proceed' }));
    await waitFor(() => expect(calls[1]).toEqual({ path: 'employer_review', body: { decision: 'cannot_proceed', note: 'No such company.' } }));
  });

  it('e-mails a pre-signed sign-in link', async () => {
    let body: unknown = null;
    server.use(
      http.post(bo('/presigned_links'), async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ id: 1, email: 'maria@example.com', new_flow: false, expires_at: '2026-11-23T10:00:00.000Z' }, { status: 201 });
      }),
    );
    const { user } = await openAs('underwriter');
    await user.click(screen.getByRole('button', { name: 'E-mail a sign-in link' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'E-mail a sign-in link?' })).getByRole('button', { name: 'Send link' }));
    expect(await screen.findByText('A sign-in link was sent to maria@example.com.')).toBeInTheDocument();
    expect(body).toEqual({ email: 'maria@example.com' });
  });
});

describe('role-based visibility', () => {
  it('servicers read an application without reviewer actions, SSN reveal or document previews, and can fund it', async () => {
    await openAs(
      'servicer',
      applicationDetail({ status: 'approved', esignature: { id: 1, signed_at: '2026-11-21T10:00:00.000Z', document_id: null, view_url: null } }),
    );
    expect(
      within(screen.getByRole('navigation', { name: 'Back office' }))
        .getAllByRole('link')
        .map((l) => l.textContent),
    ).toEqual(['Funding', 'Servicing', 'Collections', 'Storage check', 'Employers', 'Applications', 'Loans', 'Hardship']);
    expect(screen.getByRole('link', { name: '← Back to funding' })).toHaveAttribute('href', '/funding');
    expect(screen.getByText('***-**-1234')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Reveal SSN' })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Actions' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Request feedback' })).not.toBeInTheDocument();
    const documents = screen.getByRole('region', { name: 'Documents' });
    expect(within(documents).queryByRole('button')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Fund loan' })).toBeInTheDocument();
  });

  it('underwriters see the actions but not funding', async () => {
    await openAs(
      'underwriter',
      applicationDetail({ status: 'approved', esignature: { id: 1, signed_at: '2026-11-21T10:00:00.000Z', document_id: null, view_url: null } }),
    );
    expect(screen.getByRole('heading', { name: 'Actions' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Fund loan' })).not.toBeInTheDocument();
    // A closed application offers no decision buttons, only a status move and the sign-in link.
    expect(screen.queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Request feedback' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'E-mail a sign-in link' })).toBeInTheDocument();
    expect(
      within(screen.getByRole('navigation', { name: 'Back office' }))
        .getAllByRole('link')
        .map((l) => l.textContent),
    ).toEqual(['Review queue', 'Loans', 'Hardship']);
  });

  it('administrators see every page in the navigation', async () => {
    await openAs('admin');
    expect(
      within(screen.getByRole('navigation', { name: 'Back office' }))
        .getAllByRole('link')
        .map((l) => l.textContent),
    ).toEqual([
      'Review queue',
      'Funding',
      'Loans',
      'Servicing',
      'Hardship',
      'Collections',
      'Audit log',
      'System event',
      'Storage check',
      'Credit reporting',
      'Portfolio',
      'Employers',
      'Jobs',
    ]);
    expect(screen.getByRole('heading', { name: 'Actions' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Funding' })).toBeInTheDocument();
  });
});

describe('servicer settings (hasNelNet, hasJackHenry)', () => {
  it('a servicer turns the flags on; the servicer id is required with hasNelNet, shown under its field', async () => {
    const sent: unknown[] = [];
    server.use(
      http.patch(bo('/members/42/servicer_flags'), async ({ request }) => {
        const body = (await request.json()) as { has_nelnet: boolean; nelnet_id: string | null; has_jack_henry: boolean };
        sent.push(body);
        if (body.has_nelnet && !body.nelnet_id) return HttpResponse.json({ errors: { nelnet_id: ["can't be blank"] } }, { status: 422 });
        return HttpResponse.json(body);
      }),
    );
    const { user } = await openAs('servicer');
    const form = screen.getByRole('form', { name: 'Servicer settings' });
    await user.click(within(form).getByRole('checkbox', { name: /hasNelNet/ }));
    await user.click(within(form).getByRole('checkbox', { name: /hasJackHenry/ }));
    await user.click(within(form).getByRole('button', { name: 'Save servicer settings' }));
    expect(await within(form).findByText("Servicer id can't be blank")).toBeInTheDocument();
    await user.type(within(form).getByLabelText(/Servicer id/), 'NN-77');
    await user.click(within(form).getByRole('button', { name: 'Save servicer settings' }));
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]).toEqual({ has_nelnet: true, nelnet_id: 'NN-77', has_jack_henry: true });
  });

  it('underwriters do not see it', async () => {
    await openAs('underwriter');
    expect(screen.queryByRole('form', { name: 'Servicer settings' })).not.toBeInTheDocument();
  });

  it('shows the borrower’s open requests and sends a reminder', async () => {
    let reminded = 0;
    signInAs('servicer');
    serveApplication();
    server.use(
      http.get(bo('/members/42/requests'), () =>
        HttpResponse.json({
          requests: [OPEN_REQUEST],
        }),
      ),
      http.post(bo('/members/42/requests/remind'), () => {
        reminded += 1;
        return HttpResponse.json({ message: 'Reminder: 1 request is waiting for you. Open Requests on your dashboard.', open_requests: 1 });
      }),
    );
    renderRoute('/applications/42');
    const table = await screen.findByRole('table', { name: 'Open requests' });
    expect(within(table).getByText('Authorize your automatic payments')).toBeInTheDocument();
    expect(within(table).getByText('Waiting on borrower')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Remind the borrower' }));
    expect(await screen.findByText('Reminder sent: Reminder: 1 request is waiting for you. Open Requests on your dashboard.')).toBeInTheDocument();
    expect(reminded).toBe(1);
  });

  it('shows consents and delivery; a servicer records a withdrawal received by phone', async () => {
    let recorded = 0;
    const { user } = await openAs('servicer');
    server.use(
      http.post(bo('/members/42/consents/electronic_communications/withdraw'), () => {
        recorded += 1;
        return HttpResponse.json({
          ...consents,
          electronic_communications: { ...consents.electronic_communications, state: 'withdrawn', delivery: 'paper', withdrawn_at: '2026-11-25T10:00:00.000Z' },
        });
      }),
    );
    expect(await screen.findByText('Electronic (E-SIGN consent in effect)')).toBeInTheDocument();
    expect(within(screen.getByRole('table', { name: 'Consents' })).getByText('203.0.113.9')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Record a consent withdrawal' }));
    const dialog = await screen.findByRole('dialog', { name: 'Record a withdrawal of the E-SIGN consent?' });
    await user.click(within(dialog).getByRole('button', { name: 'Record withdrawal' }));
    expect(await screen.findByText(/Paper by U\.S\. mail to 12 Harbor Street, Wilmington, DE 19801/)).toBeInTheDocument();
    expect(recorded).toBe(1);
  });
});
