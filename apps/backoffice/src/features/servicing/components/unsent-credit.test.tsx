import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { SERVICING_BO_MSG } from '@payrail/contract/servicing-backoffice';
import type { TDisbursementEntry, TLoanServicingResponse } from '@payrail/contract/servicing-backoffice';
import { deskBusinessDate, ledgerEntry, loanDetail, signInAs } from '../../../../test/fixtures';
import { bo, server } from '../../../../test/msw-server';
import { renderRoute } from '../../../../test/render';

/** The funding credit, written with the loan but never sent (the bank could not be reached). */
const unsent: TDisbursementEntry = {
  id: 41,
  amount: 150_000,
  status: 'pending',
  trace_id: 'unsent',
  trace_number: '034821620000041',
  account_last4: '6789',
  returned_on: null,
  return_code: null,
  return_reason: null,
  retry_of_id: null,
  created_at: '2026-12-18T10:00:00Z',
};

/** A loan whose credit was never sent: pending, nothing collected, waiting for a send or a cancel. */
function waiting(overrides: Partial<TLoanServicingResponse> = {}): TLoanServicingResponse {
  return {
    loan: { id: 900, identifier: '2026-11-0042', user_id: 42, status: 'pending', note_principal: 150_000, payment_per_term: 13_000 },
    business_date: '2026-12-20',
    days_past_due: 0,
    payoff_amount: 150_400,
    paid_total: 0,
    credit_balance: 0,
    schedule: [
      { n: 1, due_date: '2027-01-18', payment: 13_000, interest: 1000, principal: 12_000, balance: 138_000, unpaid: 0, fees_unpaid: 0, state: 'upcoming' },
    ],
    ledger: [ledgerEntry(1, 'disbursement', '2026-12-18', 150_000, { created_by_staff_id: 7 })],
    ach_entries: [],
    auto_debit: { id: 3, amount: 13_000, bank_account_id: 11, created_at: '2026-12-18T10:00:00Z' },
    disbursements: [unsent],
    disbursement_returned: false,
    credit_unsent: true,
    ...overrides,
  };
}

/** The loan as the cancel leaves it: closed, nothing owed, the credit canceled (never sent), the disbursement reversed. */
function canceled(): TLoanServicingResponse {
  const before = waiting();
  const reversal = {
    ...before.ledger[0]!,
    id: 2,
    kind: 'reversal' as const,
    effective_date: '2026-12-20',
    reverses_entry_id: 1,
    reason: 'Loan canceled before its money was sent to the bank. Borrower withdrew before funding went out',
  };
  return waiting({
    loan: { ...before.loan, status: 'closed_paid' },
    payoff_amount: 0,
    ledger: [{ ...before.ledger[0]!, reversed_by_entry_id: 2 }, reversal],
    auto_debit: null,
    disbursements: [{ ...unsent, status: 'canceled' }],
    credit_unsent: false,
  });
}

function page(data: () => TLoanServicingResponse) {
  server.use(
    http.get(bo('/loans/900'), () => HttpResponse.json(loanDetail())),
    http.get(bo('/loans/900/servicing'), () => HttpResponse.json(data())),
    http.get(bo('/servicing/business_date'), () => HttpResponse.json(deskBusinessDate())),
    http.get(bo('/loans/900/schedule_revisions'), () => HttpResponse.json({ revisions: [], due_date_changes: [] })),
  );
}

describe('a loan whose funding credit was never sent, on the loan servicing page', () => {
  it('a servicer cancels it with a reason (required) after confirming: closed, nothing owed, the credit never sent', async () => {
    signInAs('servicer');
    let current = waiting();
    page(() => current);
    const bodies: unknown[] = [];
    server.use(
      http.post(bo('/loans/900/cancel_unsent'), async ({ request }) => {
        bodies.push(await request.json());
        current = canceled();
        return HttpResponse.json({ servicing: current });
      }),
    );
    const user = userEvent.setup();
    renderRoute('/loans/900');
    const section = await screen.findByRole('region', { name: 'Servicing' });
    expect(await within(section).findByText('The money for this loan was not sent to the bank')).toBeInTheDocument();
    expect(within(section).getByText(/The disbursement of \$1,500\.00 written on 12\/18\/2026 was never sent/)).toBeInTheDocument();
    const table = within(section).getByRole('table', { name: 'Disbursements of loan 2026-11-0042' });
    expect(within(table).getByText('Not sent yet')).toBeInTheDocument();
    // The returned-disbursement actions are not offered: this credit never left.
    expect(within(section).queryByRole('button', { name: 'Re-disburse' })).not.toBeInTheDocument();

    await user.click(within(section).getByRole('button', { name: 'Cancel loan before sending' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel this loan before its money is sent?' });
    expect(dialog).toHaveTextContent('The money ($1,500.00) will never be sent: the loan is closed with nothing owed');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel loan' }));
    expect(await within(dialog).findByText(SERVICING_BO_MSG.reasonRequired)).toBeInTheDocument();
    expect(bodies).toHaveLength(0);
    await user.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'Borrower withdrew before funding went out');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel loan' }));
    expect(await screen.findByText('Loan 2026-11-0042 is canceled: its money was not sent and nothing is owed.')).toBeInTheDocument();
    expect(bodies).toEqual([{ reason: 'Borrower withdrew before funding went out' }]);
    await waitFor(() => expect(within(section).queryByText('The money for this loan was not sent to the bank')).not.toBeInTheDocument());
    expect(within(section).queryByRole('button', { name: 'Cancel loan before sending' })).not.toBeInTheDocument();
    expect(within(within(section).getByRole('table', { name: 'Disbursements of loan 2026-11-0042' })).getByText('Canceled, never sent')).toBeInTheDocument();
  });

  it('the credit went out first: the refusal is shown in the dialog, and closing it shows the loan as it stands', async () => {
    signInAs('admin');
    let current = waiting();
    page(() => current);
    server.use(
      http.post(bo('/loans/900/cancel_unsent'), () => {
        // The daily run sent the credit while the servicer was confirming.
        current = waiting({
          loan: { ...waiting().loan, status: 'opened' },
          disbursements: [{ ...unsent, trace_id: 'SBX-20261220-S-0A1B2C3D4E5F' }],
          credit_unsent: false,
        });
        return HttpResponse.json({ error: SERVICING_BO_MSG.notUnsent }, { status: 409 });
      }),
    );
    const user = userEvent.setup();
    renderRoute('/loans/900');
    const section = await screen.findByRole('region', { name: 'Servicing' });
    await user.click(await within(section).findByRole('button', { name: 'Cancel loan before sending' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel this loan before its money is sent?' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'Borrower withdrew');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel loan' }));
    expect(await within(dialog).findByText(SERVICING_BO_MSG.notUnsent)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Keep the loan' }));
    await waitFor(() => expect(within(section).queryByText('The money for this loan was not sent to the bank')).not.toBeInTheDocument());
    expect(within(within(section).getByRole('table', { name: 'Disbursements of loan 2026-11-0042' })).getByText('Sent to the bank')).toBeInTheDocument();
  });

  it('an underwriter sees the warning but no cancel button', async () => {
    signInAs('underwriter');
    page(() => waiting());
    renderRoute('/loans/900');
    const section = await screen.findByRole('region', { name: 'Servicing' });
    expect(await within(section).findByText('The money for this loan was not sent to the bank')).toBeInTheDocument();
    expect(within(section).queryByRole('button', { name: 'Cancel loan before sending' })).not.toBeInTheDocument();
  });
});
