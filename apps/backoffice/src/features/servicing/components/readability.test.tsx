import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { TLoanServicingResponse, TRemittanceLine } from '@payrail/contract/servicing-backoffice';
import { ledgerEntry, loanDetail, servicingDeskHandlers, signInAs } from '../../../../test/fixtures';
import { bo, server } from '../../../../test/msw-server';
import { renderRoute } from '../../../../test/render';
import { SUSPENSE_REASON_LABELS } from './labels';

const ach = (id: number, date: string, extra: Partial<TLoanServicingResponse['ach_entries'][number]> = {}) => ({
  id,
  mode: 'auto_debit' as const,
  method: 'ach' as const,
  status: 'settled' as const,
  amount: 3_300,
  scheduled_date: date,
  installment: null,
  retry_of_id: null,
  trace_id: `TR-${id}`,
  trace_number: null,
  sec_code: 'PPD' as const,
  settled_on: null,
  returned_on: null,
  return_code: null,
  return_reason: null,
  ...extra,
});

function servicing(): TLoanServicingResponse {
  return {
    loan: { id: 900, identifier: '2026-11-0042', user_id: 42, status: 'opened', note_principal: 150_000, payment_per_term: 3_300 },
    business_date: '2026-12-20',
    days_past_due: 0,
    payoff_amount: 140_000,
    paid_total: 3_300,
    credit_balance: 0,
    schedule: [],
    ledger: [
      ledgerEntry(30, 'disbursement', '2026-11-20', 150_000),
      ledgerEntry(33, 'scheduled_debit', '2026-12-05', 3_300, { reversed_by_entry_id: 34 }),
      ledgerEntry(34, 'reversal', '2026-12-09', 3_300, { reverses_entry_id: 33, reason_code: 'R01', reason: 'Insufficient funds' }),
    ],
    // The server's order (by id) is not the date order.
    ach_entries: [
      ach(5, '2026-12-05', { status: 'returned', return_code: 'R01', return_reason: 'Insufficient funds', returned_on: '2026-12-09' }),
      ach(6, '2026-11-28', { status: 'canceled' }),
      ach(7, '2026-12-19', { retry_of_id: 5 }),
    ],
    auto_debit: null,
    disbursements: [],
    disbursement_returned: false,
    credit_unsent: false,
  };
}

describe('servicing, as staff read it', { timeout: 20_000 }, () => {
  it('numbers ledger entries and names the entry a reversal links; lists ACH entries newest first', async () => {
    signInAs('servicer');
    server.use(
      http.get(bo('/loans/900'), () => HttpResponse.json(loanDetail())),
      http.get(bo('/loans/900/servicing'), () => HttpResponse.json(servicing())),
    );
    renderRoute('/loans/900');
    const ledger = await screen.findByRole('table', { name: 'Ledger of loan 2026-11-0042' }, { timeout: 10_000 });
    const rows = within(ledger).getAllByRole('row').slice(1);
    expect(within(rows[1]!).getByText('#33')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('reversed by Reversal $33.00 of 12/09/2026 (#34)')).toBeInTheDocument();
    expect(within(rows[2]!).getByText('R01 · Insufficient funds · reverses Scheduled debit $33.00 of 12/05/2026 (#33)')).toBeInTheDocument();

    expect(screen.getByRole('heading', { name: 'ACH entries, newest first' })).toBeInTheDocument();
    const achTable = screen.getByRole('table', { name: 'ACH entries of loan 2026-11-0042, newest first' });
    const achRows = within(achTable).getAllByRole('row').slice(1);
    expect(achRows.map((r) => within(r).getAllByRole('cell')[1]!.textContent)).toEqual(['12/19/2026', '12/05/2026', '11/28/2026']);
    expect(within(achRows[0]!).getByText('#5 (12/05/2026)')).toBeInTheDocument();
  });

  it('shows every suspense reason in words, never the code', async () => {
    signInAs('servicer');
    const line = (id: number, reason: string): TRemittanceLine => ({
      id,
      batch_id: 3,
      line: id,
      employer: 'Acme Postal',
      pay_date: '2026-12-19',
      borrower_identifier: `EMP-${id}`,
      amount: 12_500,
      status: 'suspense',
      suspense_reason: reason,
      loan_id: null,
      ledger_entry_id: null,
      rejection_reason: null,
      resolved_at: null,
    });
    const codes = ['no_loan', 'ambiguous', 'employer_mismatch', 'loan_closed', 'before_disbursement'];
    server.use(...servicingDeskHandlers({ suspense: () => codes.map((c, i) => line(i + 1, c)) }));
    renderRoute('/servicing');
    const table = await screen.findByRole('table', { name: 'Remittance lines in suspense' }, { timeout: 10_000 });
    await within(table).findByText('No loan matches this borrower id');
    for (const code of codes) {
      expect(within(table).getByText(SUSPENSE_REASON_LABELS[code]!)).toBeInTheDocument();
      expect(within(table).queryByText(code)).not.toBeInTheDocument();
    }
  });

  it('reads the referral payouts again when the business date moves', async () => {
    signInAs('servicer');
    let business = '2026-12-20';
    const payoutReads: string[] = [];
    server.use(
      http.get(bo('/servicing/business_date'), () =>
        HttpResponse.json({ business_date: business, real_date: '2026-11-25', override_date: business, movable: true, last_completed_run: business }),
      ),
      http.get(bo('/remittances/suspense'), () => HttpResponse.json({ lines: [] })),
      http.get(bo('/referral_payouts'), () => {
        payoutReads.push(business);
        return HttpResponse.json({ business_date: business, payable: [] });
      }),
      http.post(bo('/servicing/business_date'), async ({ request }) => {
        business = ((await request.json()) as { date: string }).date;
        return HttpResponse.json({
          clock: { business_date: business, real_date: '2026-11-25', override_date: business, movable: true, last_completed_run: business },
          run: { dates: [], loans_processed: 0, seconds: 0 },
        });
      }),
    );
    const user = userEvent.setup();
    renderRoute('/servicing');
    const section = await screen.findByRole('region', { name: 'Referral payouts' }, { timeout: 10_000 });
    expect(await within(section).findByText('Rewards payable on the business date 12/20/2026.')).toBeInTheDocument();
    await user.type(await screen.findByLabelText('Advance to date'), '2027-01-15');
    await user.click(screen.getByRole('button', { name: 'Advance to date' }));
    await waitFor(() => expect(within(section).getByText('Rewards payable on the business date 01/15/2027.')).toBeInTheDocument());
    expect(payoutReads).toEqual(['2026-12-20', '2027-01-15']);
  });
});
