import { SERVICING_BO_MSG } from '@payrail/contract/servicing-backoffice';
import type { AppContext } from '../../../context';
import type { AchReturnRecord } from '../../../adapters/ach/port';
import type { CreditReturnOutcome } from '../../loan-book/hooks';
import type { AfterCommit } from '../../loan-book/use-cases/service-loan';
import { payoutReturnedNotice } from './settle-payouts';

/**
 * A return of a referral payout's credit in the bank's return file (the loan book's `creditReturned` hook,
 * asked when the trace number is no disbursement's): matched by the payout's NACHA trace number and applied
 * once under the payout's row lock, from `pending` or `settled` — `returned` with the bank's code, its rewards
 * payable again, the member told in-app and (after the commit, through `mail`) by e-mail, as settle-payouts
 * does. A payout already returned is a duplicate (re-uploading the file changes nothing). Null when no payout
 * has this trace number.
 */
export async function applyPayoutReturn(ctx: AppContext, r: AchReturnRecord, mail: AfterCommit): Promise<CreditReturnOutcome | null> {
  const found = await ctx.repos.referral.returnPayoutByTrace(r.originalTrace, { code: r.code, amountCents: r.amountCents }, payoutReturnedNotice, ctx.now());
  if (found === null) return null;
  const { payout } = found;
  if (found.kind === 'amount_differs') return { kind: 'unmatched', reason: SERVICING_BO_MSG.returnAmountDiffers(payout.amountCents, r.amountCents) };
  if (found.kind === 'not_sent') return { kind: 'unmatched', reason: SERVICING_BO_MSG.returnNotSent };
  if (found.kind === 'applied' && found.email)
    mail.push({
      to: found.email,
      subject: 'Your referral rewards could not be delivered',
      text: payoutReturnedNotice(payout),
      meta: { kind: 'referral', payoutId: payout.id },
    });
  return { kind: found.kind, referralPayoutId: payout.id, userId: payout.userId, returnedAt: payout.returnedAt! };
}
