import { PAYMENT_MSG } from '@payrail/contract/servicing';
import type { TPayoffResponse } from '@payrail/contract/servicing';
import { isIsoDate } from '@payrail/domain/dates';
import type { AppContext } from '../../../context';
import type { MemberRow } from '../../identity/repository';
import { businessToday } from '../clock';
import { loanState, ownLoan } from './loan-position';
import { paymentErrors } from './request-payment';

/** GET /{loanId}/payoff/{date}: the domain payoff quote on that date (owner only; a valid date, not before today). */
export async function payoffQuote(ctx: AppContext, member: MemberRow, loanId: number, date: string): Promise<TPayoffResponse> {
  if (!isIsoDate(date)) throw paymentErrors([PAYMENT_MSG.payoffDateInvalid], 'bad_request');
  const loan = await ownLoan(ctx, member.id, loanId);
  const today = await businessToday(ctx);
  if (date < today) throw paymentErrors([PAYMENT_MSG.payoffDateInPast], 'bad_request');
  const state = await loanState(ctx, loan, date);
  return { payoff_amount: state.position.outstandingCents, date };
}
