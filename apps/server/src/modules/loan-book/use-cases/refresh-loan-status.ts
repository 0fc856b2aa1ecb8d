import { deriveStatus } from '@payrail/domain/loan/ledger';
import type { StatusThresholds } from '@payrail/domain/loan/ledger';
import { PAID_OFF_NOTICE } from '@payrail/domain/engagement/notices';
import type { AppContext } from '../../../context';
import { notifyBorrower } from '../../engagement/use-cases/notify-borrower';
import { businessToday } from '../../../lib/business-clock';
import type { LoanRow } from '../repository';
import { loanState } from './loan-position';

/**
 * Moves a funded loan to the status its ledger gives as of the business date (closed_paid when nothing
 * is owed, default / charge_off by days past due; see deriveStatus). Called after every ledger change
 * (a payment posted, a return, a fee) and by the daily run; thresholds from SERVICING_DEFAULT_DAYS /
 * SERVICING_CHARGE_OFF_DAYS. Answers the loan's status afterwards.
 */
export async function refreshLoanStatus(
  ctx: AppContext,
  loanId: number,
  thresholds: StatusThresholds = ctx.config.servicing,
): Promise<LoanRow['status'] | null> {
  const loan = await ctx.repos.loanBook.loan(loanId);
  if (!loan) return null;
  const state = await loanState(ctx, loan, await businessToday(ctx));
  const next = deriveStatus(loan.status, state.position, thresholds);
  if (next === loan.status) return loan.status;
  const moved = await ctx.repos.loanBook.moveLoanStatus(loanId, loan.status, next, ctx.now());
  // Payoff: the move is conditional, so only the call that closed the loan tells the borrower.
  if (moved && next === 'closed_paid') await notifyBorrower(ctx, loan.userId, PAID_OFF_NOTICE);
  return moved ? next : ((await ctx.repos.loanBook.loan(loanId))?.status ?? null);
}
