import type { TPaymentHistoryQuery, TPaymentHistoryResponse, TPaymentRow } from '@payrail/contract/servicing';
import type { AppContext } from '../../../context';
import type { MemberRow } from '../../../db/rows';
import { businessTodayFrom } from '../../../lib/business-clock';
import { loanStateFrom, ownLoan, viewDate } from './loan-position';

/**
 * GET /loans/history/payments?loan_id&from&to: posted payments of the member's loans (returned ones
 * marked, with their return date and code), newest first, each with its allocation as of today.
 */
export async function paymentHistory(ctx: AppContext, member: MemberRow, q: TPaymentHistoryQuery): Promise<TPaymentHistoryResponse> {
  // One statement: the member's loans (or the one asked for) with their notes, ledgers and transactions, and the business date.
  const { books, businessOverride } = await ctx.repos.loanBook.loanBooksOfMember(member.id, q.loan_id ? q.loan_id : null);
  if (q.loan_id && books.length === 0) await ownLoan(ctx, member.id, q.loan_id); // not the member's: its 404
  const today = businessTodayFrom(ctx, businessOverride);
  const rows: TPaymentRow[] = [];
  for (const { loan, note, ledger, transactions: loanTransactions } of books) {
    const state = loanStateFrom(loan, note, ledger, viewDate(loan, ledger, today));
    const transactions = new Map(loanTransactions.map((t) => [t.id, t]));
    const entries = new Map(state.entries.map((e) => [e.id, e]));
    for (const p of state.position.payments) {
      const stored = entries.get(p.entry.id)!;
      const a = p.allocation;
      const txn = stored.transactionId !== null ? transactions.get(stored.transactionId) : undefined;
      const firstInstallment = a?.installments[0]?.n;
      rows.push({
        id: stored.id,
        loan_id: loan.id,
        source:
          stored.kind === 'payroll_remittance'
            ? 'payroll_remittance'
            : stored.kind === 'payoff'
              ? 'payoff'
              : stored.kind === 'scheduled_debit'
                ? 'auto_debit'
                : txn?.method === 'debitcard'
                  ? 'debit_card'
                  : 'one_time',
        amount: stored.amountCents,
        principal_paid: a ? a.principalCents + a.prepaidPrincipalCents : 0,
        interest_paid: a?.interestCents ?? 0,
        fees_paid: a?.feesCents ?? 0,
        due_date: firstInstallment !== undefined ? (state.schedule.dueDates[firstInstallment - 1] ?? null) : null,
        effective_date: stored.effectiveDate,
        status: p.returnedOn ? 'returned' : 'posted',
        returned_on: p.returnedOn,
        return_reason: p.returnedOn ? (state.entries.find((e) => e.reversesEntryId === stored.id)?.reasonCode ?? null) : null,
      });
    }
  }
  const inRange = rows.filter((r) => (!q.from || r.effective_date >= q.from) && (!q.to || r.effective_date <= q.to));
  inRange.sort((a, b) => (a.effective_date < b.effective_date ? 1 : a.effective_date > b.effective_date ? -1 : b.id - a.id));
  return { payments: inRange };
}
