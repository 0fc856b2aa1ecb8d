import { deriveStatus } from '@payrail/domain/loan/ledger';
import type { StatusThresholds } from '@payrail/domain/loan/ledger';
import { PAID_OFF_NOTICE } from '@payrail/domain/engagement/notices';
import type { AppContext } from '../../../context';
import { notifyBorrower } from '../../engagement/use-cases/notify-borrower';
import { businessToday } from '../../../lib/business-clock';
import type { LoanRow } from '../repository';
import { loanStateFrom } from './loan-position';

/**
 * Moves a funded loan to the status its ledger gives as of the business date (closed_paid when nothing
 * is owed, opened / default by days past due; see deriveStatus). Called after a ledger change has committed
 * (a card payment, a remittance, a payment plan signed, a refund); thresholds from SERVICING_DEFAULT_DAYS /
 * SERVICING_CHARGE_OFF_DAYS. Answers the loan's status afterwards (null for an unknown loan).
 *
 * Under the loan's row lock, with the status and the ledger read inside it: a reversal or a return committed
 * meanwhile (which reopens a closed loan) is seen, never undone by a stale read. A charge-off is never made
 * here (a loan late enough for one is in default): the daily run makes it, writing the charge-off entries with
 * it (and not while a debit is in flight).
 */
export async function refreshLoanStatus(
  ctx: AppContext,
  loanId: number,
  thresholds: StatusThresholds = ctx.config.servicing,
): Promise<LoanRow['status'] | null> {
  const repo = ctx.repos.loanBook;
  const [loan, note, today] = await Promise.all([repo.loan(loanId), repo.noteOf(loanId), businessToday(ctx)]);
  if (!loan) return null;
  const outcome = await repo.withLockedLoan(loanId, async (q) => {
    const { position } = loanStateFrom(q.loan, note, await q.entries(), today);
    const derived = deriveStatus(q.loan.status, position, thresholds);
    // Late enough to be charged off: in default until the daily run charges it off.
    const next = derived === 'charge_off' ? 'default' : derived;
    if (next === q.loan.status) return { status: q.loan.status, paidOff: false };
    await q.setStatus(next, ctx.now());
    return { status: next, paidOff: next === 'closed_paid' };
  });
  // Payoff: the move is made under the lock, so only the call that closed the loan tells the borrower.
  if (outcome.paidOff) await notifyBorrower(ctx, loan.userId, PAID_OFF_NOTICE);
  return outcome.status;
}
