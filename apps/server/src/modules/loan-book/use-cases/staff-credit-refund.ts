import { SERVICING_BO_MSG } from '@payrail/contract/servicing-backoffice';
import type { TRefundCreditResponse } from '@payrail/contract/servicing-backoffice';
import type { TStaffMember } from '@payrail/contract/staff';
import type { AppContext } from '../../../context';
import { AppError } from '../../../errors';
import { loanServicing } from './loan-servicing';
import { refundCreditBalance } from './refund-credit-balance';

/**
 * POST /api/backoffice/loans/:loanId/refund_credit `{ reason }`: a servicer sends a loan's credit balance
 * back now — the automatic refund (`refundCreditBalance`) run on demand, for a credit the daily run's sweep
 * no longer reaches (paid off more than `CREDIT_SWEEP_DAYS` ago) or one the borrower asks about by phone.
 * Same rules, same lock: card parts to their cards, the rest by ACH credit to the verified account on file,
 * held (and answered why) when there is none, the money is still in flight or the last refund came back
 * from that account. The ledger entries carry the servicer's id and reason; the call is audited
 * (`credit_refunded`, or `credit_balance_held` when nothing could be sent). No credit — a loan that never had
 * one, or a repeat or parallel twin after the refund went out — is a 409 with nothing written: the use case
 * answers an empty outcome before writing anything, so parallel calls refund once.
 */
export async function refundCreditByStaff(ctx: AppContext, staff: TStaffMember, loanId: number, body: { reason: string }): Promise<TRefundCreditResponse> {
  if (!(await ctx.repos.loanBook.loan(loanId))) throw AppError.notFound(SERVICING_BO_MSG.loanNotFound);
  const outcome = await refundCreditBalance(ctx, loanId, body.reason, { staff });
  if (outcome.creditCents <= 0) throw new AppError('conflict', SERVICING_BO_MSG.noCreditBalance);
  return {
    credit_balance: outcome.creditCents,
    refunds: outcome.refunds.map((r) => ({ entry_id: r.entryId, channel: r.channel, amount: r.amountCents, reference: r.reference })),
    left: outcome.leftCents,
    held: outcome.leftCents > 0 ? outcome.held : null,
    servicing: await loanServicing(ctx, loanId),
  };
}
