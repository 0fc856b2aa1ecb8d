import { PAYMENT_MSG } from '@payrail/contract/servicing';
import type { TPayoffResponse } from '@payrail/contract/servicing';
import { isIsoDate } from '@payrail/domain/dates';
import { paymentLimit } from '@payrail/domain/servicing/payment-limit';
import type { AppContext } from '../../../context';
import type { MemberRow } from '../../../db/rows';
import { businessToday } from '../../../lib/business-clock';
import { loanState, ownLoan, paymentsOnItsWay } from './loan-position';
import { paymentErrors, settlesOn } from './request-payment';

/** GET /{loanId}/payoff/{date}: the domain payoff quote on the day money moves for that date (owner only; a valid date, not before today), with what a one-time payment may still be. */
export async function payoffQuote(ctx: AppContext, member: MemberRow, loanId: number, date: string): Promise<TPayoffResponse> {
  if (!isIsoDate(date)) throw paymentErrors([PAYMENT_MSG.payoffDateInvalid], 'bad_request');
  const loan = await ownLoan(ctx, member.id, loanId);
  const today = await businessToday(ctx);
  if (date < today) throw paymentErrors([PAYMENT_MSG.payoffDateInPast], 'bad_request');
  const on = await settlesOn(ctx, date, today);
  const [state, transactions] = await Promise.all([loanState(ctx, loan, on), ctx.repos.loanBook.transactionsOfLoan(loan.id)]);
  const limit = paymentLimit(state.position.outstandingCents, paymentsOnItsWay(transactions, state.entries), on);
  return { payoff_amount: state.position.outstandingCents, date: on, payable_amount: limit.maxCents, on_its_way_amount: limit.onItsWayCents };
}
