import { PAYMENT_MSG } from '@payrail/contract/servicing';
import type { AppContext } from '../../../context';
import type { MemberRow } from '../../../db/rows';
import { paymentErrors, scheduledPaymentWire } from './request-payment';

/** PATCH /transactions/cancel/{id}: only the owner's scheduled payment; 409 once sent, settled, returned or canceled. */
export async function cancelTransaction(ctx: AppContext, member: MemberRow, id: number) {
  const txn = await ctx.repos.loanBook.transaction(id);
  if (!txn || txn.userId !== member.id) throw paymentErrors([PAYMENT_MSG.transactionNotFound], 'not_found');
  const canceled = await ctx.repos.loanBook.cancelTransaction(id, ctx.now());
  if (!canceled) throw paymentErrors([PAYMENT_MSG.inProgressOrDone], 'conflict');
  return { ok: true as const, message: PAYMENT_MSG.canceled, transaction: scheduledPaymentWire(canceled) };
}
