import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { SERVICING_BO_MSG } from '@payrail/contract/servicing-backoffice';
import type { TLoanServicingResponse, TRemittanceLine } from '@payrail/contract/servicing-backoffice';
import { ledgerEntry, loanDetail, servicingDeskHandlers, signInAs } from '../../../../test/fixtures';
import { bo, server } from '../../../../test/msw-server';
import { renderRoute } from '../../../../test/render';

function servicing(overrides: Partial<TLoanServicingResponse> = {}): TLoanServicingResponse {
  return {
    loan: { id: 900, identifier: '2026-11-0042', user_id: 42, status: 'opened', note_principal: 150_000, payment_per_term: 13_000 },
    business_date: '2026-12-20',
    days_past_due: 5,
    payoff_amount: 140_123,
    paid_total: 13_000,
    credit_balance: 0,
    schedule: [
      { n: 1, due_date: '2026-12-05', payment: 13_000, interest: 1000, principal: 12_000, balance: 138_000, unpaid: 0, fees_unpaid: 0, state: 'paid' },
      { n: 2, due_date: '2026-12-15', payment: 13_000, interest: 900, principal: 12_100, balance: 125_900, unpaid: 13_000, fees_unpaid: 0, state: 'past_due' },
    ],
    ledger: [
      ledgerEntry(1, 'disbursement', '2026-11-20', 150_000),
      ledgerEntry(2, 'one_time_payment', '2026-12-05', 13_000, { transaction_id: 5, installment: 1 }),
    ],
    ach_entries: [
      {
        id: 5,
        mode: 'one_time',
        method: 'ach',
        status: 'settled',
        amount: 13_000,
        scheduled_date: '2026-12-03',
        installment: 1,
        retry_of_id: null,
        trace_id: 'TR-9',
        trace_number: '034821620000005',
        sec_code: 'WEB',
        settled_on: '2026-12-05',
        returned_on: null,
        return_code: null,
        return_reason: null,
      },
      {
        id: 6,
        mode: 'auto_debit',
        method: 'ach',
        status: 'returned',
        amount: 13_000,
        scheduled_date: '2026-12-15',
        installment: 2,
        retry_of_id: null,
        trace_id: 'TR-10',
        trace_number: '034821620000006',
        sec_code: 'PPD',
        settled_on: null,
        returned_on: '2026-12-17',
        return_code: 'R01',
        return_reason: 'Insufficient funds',
      },
    ],
    auto_debit: null,
    disbursements: [
      {
        id: 31,
        amount: 150_000,
        status: 'settled',
        trace_id: 'SBX-20261120-S-0A1B2C3D4E5F',
        trace_number: '034821620000003',
        account_last4: '6789',
        returned_on: null,
        return_code: null,
        return_reason: null,
        retry_of_id: null,
        created_at: '2026-11-20T10:00:00Z',
      },
    ],
    disbursement_returned: false,
    credit_unsent: false,
    ...overrides,
  };
}

describe('loan servicing page', () => {
  it('shows status, past-due days, ledger, schedule and ACH entries with labels, dollars and MM/DD/YYYY', async () => {
    signInAs('servicer');
    server.use(
      http.get(bo('/loans/900'), () => HttpResponse.json(loanDetail())),
      http.get(bo('/loans/900/servicing'), () => HttpResponse.json(servicing())),
    );
    renderRoute('/loans/900');
    const ledger = await screen.findByRole('table', { name: 'Ledger of loan 2026-11-0042' });
    expect(within(ledger).getByText('One-time payment')).toBeInTheDocument();
    expect(within(ledger).getAllByText('$130.00')).toHaveLength(1);
    const section = screen.getByRole('region', { name: 'Servicing' });
    expect(within(section).getByText('Active')).toBeInTheDocument();
    expect(within(section).getByText('12/20/2026')).toBeInTheDocument();
    expect(within(section).getByText('$1,401.23')).toBeInTheDocument();
    expect(within(screen.getByRole('table', { name: 'Servicing schedule of loan 2026-11-0042' })).getByText('Past due')).toBeInTheDocument();
    expect(
      within(screen.getByRole('table', { name: 'ACH entries of loan 2026-11-0042, newest first' })).getByText('R01 Insufficient funds on 12/17/2026'),
    ).toBeInTheDocument();
    // Only the payment can be reversed, not the disbursement.
    expect(within(ledger).getAllByRole('button', { name: /Reverse/ })).toHaveLength(1);
  });

  it('reverses a posted payment with a reason (required)', async () => {
    signInAs('servicer');
    const bodies: unknown[] = [];
    server.use(
      http.get(bo('/loans/900'), () => HttpResponse.json(loanDetail())),
      http.get(bo('/loans/900/servicing'), () => HttpResponse.json(servicing())),
      http.post(bo('/loans/900/reversals'), async ({ request }) => {
        bodies.push(await request.json());
        const base = servicing();
        const reversal = { ...base.ledger[1]!, id: 3, kind: 'reversal' as const, reverses_entry_id: 2, reason: 'Bank recall', created_by_staff_id: 7 };
        return HttpResponse.json({ reversal, servicing: { ...base, ledger: [base.ledger[0]!, { ...base.ledger[1]!, reversed_by_entry_id: 3 }, reversal] } });
      }),
    );
    const user = userEvent.setup();
    renderRoute('/loans/900');
    await user.click(await screen.findByRole('button', { name: 'Reverse entry #2' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reverse this payment?' });
    await user.click(within(dialog).getByRole('button', { name: 'Reverse payment' }));
    expect(await within(dialog).findByText(SERVICING_BO_MSG.reasonRequired)).toBeInTheDocument();
    expect(bodies).toHaveLength(0);
    await user.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'Bank recall');
    await user.click(within(dialog).getByRole('button', { name: 'Reverse payment' }));
    expect(await screen.findByText('The one-time payment of $130.00 was reversed.')).toBeInTheDocument();
    expect(bodies).toEqual([{ entry_id: 2, reason: 'Bank recall' }]);
    const ledger = screen.getByRole('table', { name: 'Ledger of loan 2026-11-0042' });
    await waitFor(() => expect(within(ledger).queryAllByRole('button', { name: /Reverse/ })).toHaveLength(0));
    expect(within(ledger).getByText('Bank recall · reverses One-time payment $130.00 of 12/05/2026 (#2)')).toBeInTheDocument();
  });
});

const suspenseLine = (overrides: Partial<TRemittanceLine> = {}): TRemittanceLine => ({
  id: 71,
  batch_id: 3,
  line: 2,
  employer: 'Acme Postal',
  pay_date: '2026-12-19',
  borrower_identifier: 'EMP-404',
  amount: 12_500,
  status: 'suspense',
  suspense_reason: 'No loan matches this borrower.',
  loan_id: null,
  ledger_entry_id: null,
  rejection_reason: null,
  resolved_at: null,
  ...overrides,
});

function servicingDesk(movable = true) {
  let suspense = [suspenseLine()];
  server.use(...servicingDeskHandlers({ movable, suspense: () => suspense }));
  return { clear: () => (suspense = []) };
}

describe('servicing desk', () => {
  it('advances the business date and runs servicing (outside production)', async () => {
    signInAs('servicer');
    servicingDesk();
    const sent: unknown[] = [];
    const run = {
      dates: [
        { date: '2026-12-21', done: 3, failed: 0 },
        { date: '2026-12-22', done: 3, failed: 0 },
      ],
      loans_processed: 6,
      seconds: 0.2,
    };
    server.use(
      http.post(bo('/servicing/business_date'), async ({ request }) => {
        sent.push(await request.json());
        return HttpResponse.json({
          clock: { business_date: '2026-12-22', real_date: '2026-11-25', override_date: '2026-12-22', movable: true, last_completed_run: '2026-12-22' },
          run,
        });
      }),
      http.post(bo('/servicing/run'), () =>
        HttpResponse.json({
          clock: { business_date: '2026-12-22', real_date: '2026-11-25', override_date: '2026-12-22', movable: true, last_completed_run: '2026-12-22' },
          run: { dates: [{ date: '2026-12-22', done: 3, failed: 0 }], loans_processed: 3, seconds: 0.1 },
        }),
      ),
    );
    const user = userEvent.setup();
    renderRoute('/servicing');
    const date = await screen.findByLabelText('Advance to date');
    await user.type(date, '2026-12-22');
    await user.click(screen.getByRole('button', { name: 'Advance to date' }));
    const business = screen.getByRole('region', { name: 'Business date' });
    expect(await within(business).findByRole('status')).toHaveTextContent('Business date 12/22/2026: 2 days run, 6 loans processed.');
    expect(sent).toEqual([{ date: '2026-12-22' }]);
    await user.click(screen.getByRole('button', { name: 'Run servicing now' }));
    await waitFor(() => expect(within(business).getByRole('status')).toHaveTextContent('1 day run, 3 loans processed.'));
  });

  it('in production the clock is shown but cannot be moved', async () => {
    signInAs('admin');
    servicingDesk(false);
    renderRoute('/servicing');
    expect(await screen.findByText('The business date follows the calendar in production; it cannot be moved.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Advance to date' })).not.toBeInTheDocument();
  });

  it('imports a remittance CSV, shows line errors, and resolves a suspense line to a loan', async () => {
    signInAs('servicer');
    const desk = servicingDesk();
    const imports: unknown[] = [];
    const resolves: unknown[] = [];
    server.use(
      http.post(bo('/remittances'), async ({ request }) => {
        const body = (await request.json()) as { csv: string };
        imports.push(body);
        if (body.csv.includes('bad'))
          return HttpResponse.json(
            { error: SERVICING_BO_MSG.remittanceErrors, line_errors: [{ line: 2, column: 'amount', message: 'amount must be dollars' }] },
            { status: 422 },
          );
        return HttpResponse.json({
          batch_id: 4,
          duplicate: false,
          posted: 1,
          suspense: 0,
          total: 12_500,
          lines: [suspenseLine({ id: 80, batch_id: 4, line: 1, status: 'posted', suspense_reason: null, loan_id: 900, ledger_entry_id: 12 })],
        });
      }),
      http.post(bo('/remittances/lines/:id/resolve'), async ({ request, params }) => {
        resolves.push({ id: params.id, body: await request.json() });
        desk.clear();
        return HttpResponse.json({ line: suspenseLine({ status: 'assigned', loan_id: 900 }) });
      }),
    );
    const user = userEvent.setup();
    renderRoute('/servicing');
    const upload = await screen.findByLabelText('Remittance file (CSV)');
    await user.click(screen.getByRole('button', { name: 'Import and post' }));
    expect(await screen.findByText('Choose the remittance CSV file.')).toBeInTheDocument();
    await user.upload(upload, new File(['employer,pay_date,borrower_identifier,amount\nAcme,2026-12-19,EMP-1,bad\n'], 'bad.csv', { type: 'text/csv' }));
    await user.click(screen.getByRole('button', { name: 'Import and post' }));
    expect(await screen.findByText('Line 2: amount must be dollars')).toBeInTheDocument();
    await user.upload(upload, new File(['employer,pay_date,borrower_identifier,amount\nAcme,2026-12-19,EMP-1,125.00\n'], 'good.csv', { type: 'text/csv' }));
    await user.click(screen.getByRole('button', { name: 'Import and post' }));
    expect(await screen.findByText('Imported 1 line ($125.00): 1 posted, 0 in suspense.')).toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'Lines of remittance batch 4' })).toHaveTextContent('Posted');
    expect(imports).toHaveLength(2);
    expect(imports[1]).toEqual({ csv: 'employer,pay_date,borrower_identifier,amount\nAcme,2026-12-19,EMP-1,125.00\n', file_name: 'good.csv' });

    const suspense = screen.getByRole('table', { name: 'Remittance lines in suspense' });
    await user.click(within(suspense).getByRole('button', { name: 'Assign line 2 of batch 3' }));
    const dialog = await screen.findByRole('dialog', { name: 'Post this line to a loan?' });
    await user.type(within(dialog).getByRole('textbox', { name: /Loan number/ }), '900');
    await user.click(within(dialog).getByRole('button', { name: 'Post payment' }));
    expect(await screen.findByText('Line 2 posted to loan #900.')).toBeInTheDocument();
    expect(resolves).toEqual([{ id: '71', body: { action: 'assign', loan_id: 900 } }]);
    expect(await within(screen.getByRole('table', { name: 'Remittance lines in suspense' })).findByText('Nothing in suspense.')).toBeInTheDocument();
  });
});
