import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { SERVICING_BO_MSG } from '@payrail/contract/servicing-backoffice';
import type { TDisbursementEntry, TLoanServicingResponse } from '@payrail/contract/servicing-backoffice';
import { deskBusinessDate, ledgerEntry, loanDetail, signInAs } from '../../../../test/fixtures';
import { bo, server } from '../../../../test/msw-server';
import { renderRoute } from '../../../../test/render';

const returned: TDisbursementEntry = {
  id: 31,
  amount: 150_000,
  status: 'returned',
  trace_id: 'SBX-20261120-S-0A1B2C3D4E5F',
  trace_number: '034821620000003',
  account_last4: '6789',
  returned_on: '2026-11-23',
  return_code: 'R03',
  return_reason: 'No account / unable to locate account',
  retry_of_id: null,
  created_at: '2026-11-20T10:00:00Z',
};

/** A loan whose disbursement came back: pending, waiting for a servicer. */
function waiting(overrides: Partial<TLoanServicingResponse> = {}): TLoanServicingResponse {
  return {
    loan: { id: 900, identifier: '2026-11-0042', user_id: 42, status: 'pending', note_principal: 150_000, payment_per_term: 13_000 },
    business_date: '2026-12-20',
    days_past_due: 0,
    payoff_amount: 151_000,
    paid_total: 0,
    credit_balance: 0,
    schedule: [
      { n: 1, due_date: '2026-12-05', payment: 13_000, interest: 1000, principal: 12_000, balance: 138_000, unpaid: 13_000, fees_unpaid: 0, state: 'past_due' },
    ],
    ledger: [ledgerEntry(1, 'disbursement', '2026-11-20', 150_000, { created_by_staff_id: 7 })],
    ach_entries: [],
    auto_debit: { id: 3, amount: 13_000, bank_account_id: 11, created_at: '2026-11-20T10:00:00Z' },
    disbursements: [returned],
    disbursement_returned: true,
    credit_unsent: false,
    ...overrides,
  };
}

const resent: TDisbursementEntry = {
  ...returned,
  id: 32,
  status: 'pending',
  trace_number: '034821620000077',
  account_last4: '4321',
  returned_on: null,
  return_code: null,
  return_reason: null,
  retry_of_id: 31,
  created_at: '2026-12-20T10:00:00Z',
};

/** The loan page: its details, servicing, and the page's other sections (answered, so nothing waits on a retry). */
function page(data: TLoanServicingResponse) {
  server.use(
    http.get(bo('/loans/900'), () => HttpResponse.json(loanDetail())),
    http.get(bo('/loans/900/servicing'), () => HttpResponse.json(data)),
    http.get(bo('/servicing/business_date'), () => HttpResponse.json(deskBusinessDate())),
    http.get(bo('/loans/900/schedule_revisions'), () => HttpResponse.json({ revisions: [], due_date_changes: [] })),
  );
}

describe('a returned disbursement on the loan servicing page', () => {
  it('shows the return and the disbursements; re-disburses with one Idempotency-Key kept across a retry', async () => {
    signInAs('servicer');
    page(waiting());
    const keys: (string | null)[] = [];
    let calls = 0;
    server.use(
      http.post(bo('/loans/900/redisburse'), ({ request }) => {
        keys.push(request.headers.get('idempotency-key'));
        calls += 1;
        if (calls === 1) return HttpResponse.json({ error: 'Service unavailable.' }, { status: 503 });
        return HttpResponse.json({
          disbursement: resent,
          servicing: waiting({ loan: { ...waiting().loan, status: 'opened' }, disbursements: [returned, resent], disbursement_returned: false }),
        });
      }),
    );
    const user = userEvent.setup();
    renderRoute('/loans/900');
    const section = await screen.findByRole('region', { name: 'Servicing' });
    expect(await within(section).findByText('The money for this loan did not reach the borrower')).toBeInTheDocument();
    expect(
      within(section).getByText(/returned the disbursement of \$1,500\.00 \(R03 No account \/ unable to locate account\) on 11\/23\/2026/),
    ).toBeInTheDocument();
    const table = within(section).getByRole('table', { name: 'Disbursements of loan 2026-11-0042' });
    expect(within(table).getByText('R03 No account / unable to locate account on 11/23/2026')).toBeInTheDocument();
    expect(within(table).getByText('034821620000003')).toBeInTheDocument();

    await user.click(within(section).getByRole('button', { name: 'Re-disburse' }));
    const dialog = await screen.findByRole('dialog', { name: 'Re-disburse this loan?' });
    expect(dialog).toHaveTextContent("This sends $1,500.00 again to the borrower's current verified receiving account");
    await user.click(within(dialog).getByRole('button', { name: 'Re-disburse' }));
    expect(await within(dialog).findByText('Service unavailable.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Re-disburse' }));
    expect(await screen.findByText('$1,500.00 was sent again to the account ending 4321. The loan is active.')).toBeInTheDocument();
    // The retry carried the same key: one credit at the bank whatever happened to the first answer.
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/.{8,}/);
    expect(keys[1]).toBe(keys[0]);
    await waitFor(() => expect(within(section).queryByText('The money for this loan did not reach the borrower')).not.toBeInTheDocument());
    expect(within(section).queryByRole('button', { name: 'Re-disburse' })).not.toBeInTheDocument();
    expect(within(within(section).getByRole('table', { name: 'Disbursements of loan 2026-11-0042' })).getByText('Re-disbursement of #31')).toBeInTheDocument();
  });

  it('shows the server refusal in the dialog (no corrected account yet)', async () => {
    signInAs('admin');
    page(waiting());
    server.use(http.post(bo('/loans/900/redisburse'), () => HttpResponse.json({ error: SERVICING_BO_MSG.redisburseSameAccount }, { status: 409 })));
    const user = userEvent.setup();
    renderRoute('/loans/900');
    await user.click(await screen.findByRole('button', { name: 'Re-disburse' }));
    const dialog = await screen.findByRole('dialog', { name: 'Re-disburse this loan?' });
    await user.click(within(dialog).getByRole('button', { name: 'Re-disburse' }));
    expect(await within(dialog).findByText(SERVICING_BO_MSG.redisburseSameAccount)).toBeInTheDocument();
  });

  it('cancels the loan with a reason (required): closed, nothing owed', async () => {
    signInAs('servicer');
    page(waiting());
    const bodies: unknown[] = [];
    server.use(
      http.post(bo('/loans/900/cancel_undelivered'), async ({ request }) => {
        bodies.push(await request.json());
        const before = waiting();
        const reversal = {
          ...before.ledger[0]!,
          id: 2,
          kind: 'reversal' as const,
          effective_date: '2026-12-20',
          reverses_entry_id: 1,
          reason_code: 'R03',
          reason: 'Loan canceled: the disbursement came back (R03 No account / unable to locate account). Borrower has no other account',
        };
        return HttpResponse.json({
          servicing: waiting({
            loan: { ...before.loan, status: 'closed_paid' },
            payoff_amount: 0,
            schedule: [],
            ledger: [{ ...before.ledger[0]!, reversed_by_entry_id: 2 }, reversal],
            auto_debit: null,
            disbursement_returned: false,
          }),
        });
      }),
    );
    const user = userEvent.setup();
    renderRoute('/loans/900');
    const section = await screen.findByRole('region', { name: 'Servicing' });
    await user.click(await within(section).findByRole('button', { name: 'Cancel loan' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel this loan?' });
    expect(dialog).toHaveTextContent('The money ($1,500.00) never reached the borrower: the loan is closed with nothing owed');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel loan' }));
    expect(await within(dialog).findByText(SERVICING_BO_MSG.reasonRequired)).toBeInTheDocument();
    expect(bodies).toHaveLength(0);
    await user.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'Borrower has no other account');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel loan' }));
    expect(await screen.findByText('Loan 2026-11-0042 is canceled: nothing is owed.')).toBeInTheDocument();
    expect(bodies).toEqual([{ reason: 'Borrower has no other account' }]);
    await waitFor(() => expect(within(section).getByText('Finished')).toBeInTheDocument());
    expect(within(section).queryByRole('button', { name: 'Cancel loan' })).not.toBeInTheDocument();
    expect(
      within(within(section).getByRole('table', { name: 'Ledger of loan 2026-11-0042' })).getByText(/reverses Disbursement \$1,500\.00 of 11\/20\/2026 \(#1\)/),
    ).toBeInTheDocument();
  });

  it('an open loan shows its disbursement and no action', async () => {
    signInAs('servicer');
    page(
      waiting({
        loan: { ...waiting().loan, status: 'opened' },
        disbursements: [{ ...returned, status: 'settled', returned_on: null, return_code: null, return_reason: null }],
        disbursement_returned: false,
      }),
    );
    renderRoute('/loans/900');
    const section = await screen.findByRole('region', { name: 'Servicing' });
    expect(await within(section).findByRole('table', { name: 'Disbursements of loan 2026-11-0042' })).toHaveTextContent('Settled');
    expect(within(section).queryByRole('button', { name: 'Re-disburse' })).not.toBeInTheDocument();
    expect(within(section).queryByRole('button', { name: 'Cancel loan' })).not.toBeInTheDocument();
  });
});
