import { isReturnCode, RETURN_REASONS } from '@payrail/domain/servicing/ach';
import { cents, formatUsd } from '@payrail/domain/money';
import type { AppContext } from '../../../context';
import { findMember } from '../../identity/members';
import type { PayoutRow } from '../repository';

/** How many pending payouts one pass reads (the oldest first; the next pass takes the rest). */
const BATCH = 200;

/** The member's notice of a returned payout (in-app; the same text is e-mailed). */
export function payoutReturnedNotice(payout: Pick<PayoutRow, 'amountCents' | 'returnCode'>): string {
  const code = payout.returnCode;
  const why = code === null ? '' : ` (${code}${isReturnCode(code) ? ` ${RETURN_REASONS[code].title}` : ''})`;
  return `Your referral rewards of ${formatUsd(cents(payout.amountCents))} could not be delivered to your bank account${why}. Nothing is lost: they are payable again and will be sent with a later payout. Please check the bank account on your profile.`;
}

export type SettleResult = { read: number; settled: number; returned: number; failed: number };

/**
 * What became of each `pending` referral payout's ACH credit (docs/referral-and-refinance.md, "Payouts"):
 * its status is read from the ACH port (`status(traceId)`, as the back office reads a disbursement's) and
 * recorded once — `settled`, or `returned` with its rewards payable again and the member told (in-app, and
 * by e-mail after the commit). Each payout moves under its row lock and only from `pending`, so two passes
 * at once (two schedules, two instances) move it once and tell the member once. The port's status read
 * names no return code: the payout's `return_code` stays null from this read. A status that cannot be read
 * leaves that payout pending for the next pass; the pass reads the others, then fails with the count.
 */
export async function settleReferralPayouts(ctx: AppContext): Promise<SettleResult> {
  const result: SettleResult = { read: 0, settled: 0, returned: 0, failed: 0 };
  for (const p of await ctx.repos.referral.pendingPayouts(BATCH)) {
    if (p.traceId === null) continue;
    let status;
    try {
      status = await ctx.providers.ach.status(p.traceId);
    } catch {
      result.failed += 1;
      continue;
    }
    result.read += 1;
    if (status === 'pending') continue;
    const outcome = status === 'settled' ? ({ status: 'settled' } as const) : ({ status: 'returned', code: null } as const);
    const done = await ctx.repos.referral.closePayout(p.id, outcome, payoutReturnedNotice, ctx.now());
    if (!done) continue; // a concurrent pass recorded it first
    if (done.status === 'settled') {
      result.settled += 1;
      continue;
    }
    result.returned += 1;
    const member = await findMember(ctx, done.userId);
    if (member)
      await ctx.providers.email
        .send({
          to: member.email,
          subject: 'Your referral rewards could not be delivered',
          text: payoutReturnedNotice(done),
          meta: { kind: 'referral', payoutId: done.id },
        })
        .catch(() => undefined);
  }
  if (result.failed > 0) throw new Error(`referral payouts: the ACH status of ${result.failed} pending payout(s) could not be read`);
  return result;
}
