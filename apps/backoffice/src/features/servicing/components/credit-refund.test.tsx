import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { SERVICING_BO_MSG } from '@payrail/contract/servicing-backoffice';
import type { TLoanServicingResponse, TRefundCreditResponse } from '@payrail/contract/servicing-backoffice';
import { deskBusinessDate, ledgerEntry, loanDetail, signInAs } from '../../../../test/fixtures';
import { bo, server } from '../../../../test/msw-server';
import { renderRoute } from '../../../../test/render';

/** A loan paid off by an employer's remittance $43.21 beyond what it owed: closed, the excess held on it. */
function credited(overrides: Partial<TLoanServicingResponse> = {}): TLoanServicingResponse {
  return {
    loan: { id: 900, identifier: '2026-11-0042', user_id: 42, status: 'closed_paid', note_principal: 150_000, payment_per_term: 13_000 },
    business_date: '2027-04-20',
    days_past_due: 0,
    payoff_amount: 0,
    paid_total: 154_000,
    credit_balance: 4_321,
    schedule: [
      { n: 1, due_date: '2027-01-18', payment: 13_000, interest: 1000, principal: 12_000, balance: 138_000, unpaid: 0, fees_unpaid: 0, state: 'paid' },
    ],
    ledger: [
      ledgerEntry(1, 'disbursement', '2026-12-18', 150_000, { created_by_staff_id: 7 }),
      ledgerEntry(2, 'payroll_remittance', '2027-01-15', 158_321, { created_by_staff_id: 7 }),
    ],
    ach_entries: [],
    auto_debit: null,
    disbursements: [],
    disbursement_returned: false,
    credit_unsent: false,
    ...overrides,
  };
}

/** The loan once the credit went out by ACH credit (entry #3). */
function refunded(): TLoanServicingResponse {
  const before = credited();
  return credited({
    credit_balance: 0,
    ledger: [
      ...before.ledger,
      ledgerEntry(3, 'refund', '2027-04-20', 4_321, {
        created_by_staff_id: 8,
        reason: 'ACH credit SBX-20270420-S-0A1B2C3D4E5F to the bank account ending 6789',
      }),
    ],
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

describe('the credit balance of a loan, on the loan servicing page', () => {
  it('a servicer refunds it with a reason (required): what was sent is shown, and the action goes with the credit', async () => {
    signInAs('servicer');
    let current = credited();
    page(() => current);
    const bodies: unknown[] = [];
    server.use(
      http.post(bo('/loans/900/refund_credit'), async ({ request }) => {
        bodies.push(await request.json());
        current = refunded();
        const answer: TRefundCreditResponse = {
          credit_balance: 4_321,
          refunds: [{ entry_id: 3, channel: 'ach', amount: 4_321, reference: 'SBX-20270420-S-0A1B2C3D4E5F' }],
          left: 0,
          held: null,
          servicing: current,
        };
        return HttpResponse.json(answer);
      }),
    );
    const user = userEvent.setup();
    renderRoute('/loans/900');
    const section = await screen.findByRole('region', { name: 'Servicing' });
    await user.click(await within(section).findByRole('button', { name: 'Refund credit balance' }));
    const dialog = await screen.findByRole('dialog', { name: 'Refund the credit balance?' });
    expect(dialog).toHaveTextContent('This sends $43.21 back to the borrower');
    await user.click(within(dialog).getByRole('button', { name: 'Refund' }));
    expect(await within(dialog).findByText(SERVICING_BO_MSG.reasonRequired)).toBeInTheDocument();
    expect(bodies).toHaveLength(0);
    await user.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'Borrower called: new account on file');
    await user.click(within(dialog).getByRole('button', { name: 'Refund' }));
    expect(await within(section).findByText('Credit balance refunded')).toBeInTheDocument();
    expect(within(section).getByText(/Sent: \$43\.21 by ACH credit to the borrower's bank account \(trace SBX-20270420-S-0A1B2C3D4E5F\)/)).toBeInTheDocument();
    expect(bodies).toEqual([{ reason: 'Borrower called: new account on file' }]);
    await waitFor(() => expect(within(section).queryByRole('button', { name: 'Refund credit balance' })).not.toBeInTheDocument());
    expect(screen.queryByRole('dialog', { name: 'Refund the credit balance?' })).not.toBeInTheDocument();
  });

  it('held: the reason it was not sent is shown in plain words, the credit stays and can be refunded again later', async () => {
    signInAs('admin');
    page(() => credited());
    server.use(
      http.post(bo('/loans/900/refund_credit'), () =>
        HttpResponse.json({ credit_balance: 4_321, refunds: [], left: 4_321, held: 'returned', servicing: credited() } satisfies TRefundCreditResponse),
      ),
    );
    const user = userEvent.setup();
    renderRoute('/loans/900');
    const section = await screen.findByRole('region', { name: 'Servicing' });
    await user.click(await within(section).findByRole('button', { name: 'Refund credit balance' }));
    const dialog = await screen.findByRole('dialog', { name: 'Refund the credit balance?' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'Borrower asked');
    await user.click(within(dialog).getByRole('button', { name: 'Refund' }));
    expect(await within(section).findByText('$43.21 of the credit balance stays on the loan')).toBeInTheDocument();
    expect(within(section).getByText(SERVICING_BO_MSG.creditHeld.returned)).toBeInTheDocument();
    expect(within(section).queryByText('Credit balance refunded')).not.toBeInTheDocument();
    expect(within(section).getByRole('button', { name: 'Refund credit balance' })).toBeInTheDocument();
  });

  it('the credit went out meanwhile: the refusal is shown in the dialog, and closing it shows the loan as it stands', async () => {
    signInAs('servicer');
    let current = credited();
    page(() => current);
    server.use(
      http.post(bo('/loans/900/refund_credit'), () => {
        current = refunded(); // the daily run's sweep refunded it while the servicer was confirming
        return HttpResponse.json({ error: SERVICING_BO_MSG.noCreditBalance }, { status: 409 });
      }),
    );
    const user = userEvent.setup();
    renderRoute('/loans/900');
    const section = await screen.findByRole('region', { name: 'Servicing' });
    await user.click(await within(section).findByRole('button', { name: 'Refund credit balance' }));
    const dialog = await screen.findByRole('dialog', { name: 'Refund the credit balance?' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'Borrower asked');
    await user.click(within(dialog).getByRole('button', { name: 'Refund' }));
    expect(await within(dialog).findByText(SERVICING_BO_MSG.noCreditBalance)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Keep it on the loan' }));
    await waitFor(() => expect(within(section).queryByRole('button', { name: 'Refund credit balance' })).not.toBeInTheDocument());
  });

  it('an underwriter sees the credit balance but no refund button; a loan with no credit offers none', async () => {
    signInAs('underwriter');
    page(() => credited());
    const first = renderRoute('/loans/900');
    const section = await screen.findByRole('region', { name: 'Servicing' });
    expect(await within(section).findByText(/\$43\.21 — not refunded yet/)).toBeInTheDocument();
    expect(within(section).queryByRole('button', { name: 'Refund credit balance' })).not.toBeInTheDocument();
    first.unmount();

    signInAs('servicer');
    page(() => refunded());
    renderRoute('/loans/900');
    const again = await screen.findByRole('region', { name: 'Servicing' });
    expect(await within(again).findByText('Refund')).toBeInTheDocument(); // the ledger's refund entry: the page is loaded
    expect(within(again).queryByRole('button', { name: 'Refund credit balance' })).not.toBeInTheDocument();
  });
});
