import { REFERRAL_MSG } from '@payrail/contract/referral';
import type { TPayableReferrersResponse, TReferralPayout, TReleasedPayoutsResponse } from '@payrail/contract/referral';
import type { TStaffMember } from '@payrail/contract/staff';
import { cents } from '@payrail/domain/money';
import type { AppContext } from '../../../context';
import { findMember } from '../../identity/members';
import { AppError } from '../../../errors';
import { businessToday } from '../../../lib/business-clock';
import type { PayoutRow } from '../repository';
import { payoutAccount, payoutQueue } from './originate-payout';

const wire = (p: PayoutRow, rewardIds: number[], voidedCents = 0): TReferralPayout => ({
  id: p.id,
  user_id: p.userId,
  amount: p.amountCents,
  trace_id: p.traceId,
  status: p.status,
  return_code: p.returnCode,
  reward_ids: rewardIds,
  voided_amount: cents(voidedCents),
  created_at: p.createdAt.toISOString(),
});

/** GET /api/backoffice/referral_payouts: members whose rewards have waited long enough and are unpaid. */
export async function listPayableReferrers(ctx: AppContext): Promise<TPayableReferrersResponse> {
  const today = await businessToday(ctx);
  const rows = await ctx.repos.referral.payable(today);
  return { business_date: today, payable: rows.map((r) => ({ user_id: r.userId, email: r.email, amount: r.amountCents, rewards: r.rewards })) };
}

/** GET /api/backoffice/referral_payouts/released: the latest payouts with their status (queued until originated). */
export async function listReleasedPayouts(ctx: AppContext, limit = 20): Promise<TReleasedPayoutsResponse> {
  const rows = await ctx.repos.referral.recentPayouts(limit);
  return { payouts: rows.map((r) => ({ ...wire(r.payout, [], r.voidedCents), email: r.email })) };
}

/**
 * A replayed or concurrent release answers the payout as it stands once any attempt at it is over: a
 * `queued` one is tried again (waiting on the row lock of an attempt in flight, then finding it originated).
 */
async function current(ctx: AppContext, payout: PayoutRow): Promise<PayoutRow> {
  if (payout.status !== 'queued') return payout;
  return (await payoutQueue(ctx).originateNow(payout.id)) ?? payout;
}

/**
 * POST /api/backoffice/referral_payouts/{userId}: a servicer releases the member's payable rewards as
 * ONE ACH credit to their verified bank account. The release is one transaction (the `queued` payout, its
 * rewards, the audit row); the credit is originated by the `referral.payout` job (originate-payout.ts) —
 * tried at once in this process, so the answer is normally already `pending` with its trace id; when the
 * originator fails it stays `queued` and the job retries it with back-off, then dead-letters it (the Jobs
 * page). A retry with the same Idempotency-Key answers the first payout; a reward is paid by one payout.
 * Refused (409) while the member's latest payout came back from the receiving account on file, unchanged since.
 */
export async function releaseReferralPayout(ctx: AppContext, staff: TStaffMember, userId: number, idempotencyKey: string): Promise<TReferralPayout> {
  const replay = await ctx.repos.referral.payoutByKey(idempotencyKey);
  if (replay) {
    if (replay.userId !== userId) throw new AppError('conflict', 'This Idempotency-Key was used for another payout.');
    return wire(await current(ctx, replay), []);
  }
  const row = await findMember(ctx, userId);
  if (!row) throw AppError.notFound('Member not found.');
  // Refused before anything is written: a payout with nowhere to go would only fail in the queue.
  const account = await payoutAccount(ctx, userId);
  if (!account) throw new AppError('conflict', REFERRAL_MSG.noPayoutAccount);
  // The account whose bank just returned a payout, unchanged since, would return it again (as a disbursement's
  // re-disbursement is refused): the member corrects it first.
  const last = await ctx.repos.referral.lastOriginatedPayout(userId);
  if (last?.status === 'returned' && last.bankAccountId === account.id && last.returnedAt !== null && account.updatedAt <= last.returnedAt)
    throw new AppError('conflict', REFERRAL_MSG.payoutSameAccount);
  const today = await businessToday(ctx);
  const released = await ctx.repos.referral.queuePayout({ userId, today, idempotencyKey, staffUserId: staff.id, at: ctx.now() });
  if (!released) {
    // A concurrent twin with this key may have released them first.
    const twin = await ctx.repos.referral.payoutByKey(idempotencyKey);
    if (twin) return wire(await current(ctx, twin), []);
    throw new AppError('conflict', REFERRAL_MSG.nothingPayable);
  }
  const now = await payoutQueue(ctx).originateNow(released.payout.id);
  return wire(now ?? released.payout, released.rewardIds);
}
