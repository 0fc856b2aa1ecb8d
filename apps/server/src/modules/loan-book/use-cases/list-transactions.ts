import type { TScheduledPaymentsResponse } from '@payrail/contract/servicing';
import type { AppContext } from '../../../context';
import type { MemberRow } from '../../../db/rows';
import { ownLoan } from './loan-position';
import { scheduledPaymentWire } from './request-payment';

/** GET /transactions/loan/{loanId}: the loan's transactions (scheduled first by date), owner only. */
export async function loanTransactions(ctx: AppContext, member: MemberRow, loanId: number): Promise<TScheduledPaymentsResponse> {
  const loan = await ownLoan(ctx, member.id, loanId);
  return { transactions: (await ctx.repos.loanBook.transactionsOfLoan(loan.id)).map(scheduledPaymentWire) };
}
