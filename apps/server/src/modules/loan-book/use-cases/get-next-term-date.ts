import { PAYMENT_MSG } from '@payrail/contract/servicing';
import type { TNextTermDateResponse } from '@payrail/contract/servicing';
import type { AppContext } from '../../../context';
import type { MemberRow } from '../../../db/rows';
import { businessToday } from '../../../lib/business-clock';
import { loanState, ownLoan } from './loan-position';
import { paymentErrors } from './request-payment';

/** GET /transactions/loan/next_term_date/{loanId}: the due date of the installment in progress (an auto-debit's first date). */
export async function nextTermDate(ctx: AppContext, member: MemberRow, loanId: number): Promise<TNextTermDateResponse> {
  const loan = await ownLoan(ctx, member.id, loanId);
  const state = await loanState(ctx, loan, await businessToday(ctx));
  const current = state.position.ledger.current;
  if (!current || state.position.closed) throw paymentErrors([PAYMENT_MSG.noNextTermDate]);
  return { next_term_date: current.dueDate, payment_per_term: state.schedule.regularPaymentCents };
}
