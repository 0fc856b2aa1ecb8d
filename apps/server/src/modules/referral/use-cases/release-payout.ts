import { REFERRAL_MSG } from '@payrail/contract/referral';
import type { TPayableReferrersResponse, TReferralPayout } from '@payrail/contract/referral';
import type { TStaffMember } from '@payrail/contract/staff';
import { cents, formatUsd } from '@payrail/domain/money';
import { createHash } from 'node:crypto';
import type { AppContext } from '../../../context';
import { AppError } from '../../../errors';
import { openAccountNumber } from '../../banking/bank-accounts';
import { businessToday } from '../../loan-book/clock';
import type { PayoutRow } from '../repository';

const wire = (p: PayoutRow, rewardIds: number[]): TReferralPayout => ({
  id: p.id,
  user_id: p.userId,
  amount: p.amountCents,
  trace_id: p.traceId,
  status: p.status,
  reward_ids: rewardIds,
  created_at: p.createdAt.toISOString(),
});

/** GET /api/backoffice/referral_payouts: members whose rewards have waited long enough and are unpaid. */
export async function listPayableReferrers(ctx: AppContext): Promise<TPayableReferrersResponse> {
  const today = await businessToday(ctx);
  const rows = await ctx.repos.referral.payable(today);
  return { business_date: today, payable: rows.map((r) => ({ user_id: r.userId, email: r.email, amount: r.amountCents, rewards: r.rewards })) };
}

/**
 * POST /api/backoffice/referral_payouts/{userId}: a servicer releases the member's payable rewards as
 * ONE ACH credit to their verified bank account (the ACH port used for disbursements). Audited; a retry
 * with the same Idempotency-Key answers the first payout; the originator's key is derived from the
 * rewards paid, so even a retry after a failure never sends the same rewards twice.
 */
export async function releaseReferralPayout(ctx: AppContext, staff: TStaffMember, userId: number, idempotencyKey: string): Promise<TReferralPayout> {
  const replay = await ctx.repos.referral.payoutByKey(idempotencyKey);
  if (replay) {
    if (replay.userId !== userId) throw new AppError('conflict', 'This Idempotency-Key was used for another payout.');
    return wire(replay, []);
  }
  const row = await ctx.repos.backoffice.member(userId);
  if (!row) throw AppError.notFound('Member not found.');
  const account = await ctx.repos.banking.currentReceiver(userId);
  const accountNumber = account ? openAccountNumber(await ctx.cryptoBox(), account) : null;
  if (!account || !account.routingNumber || !accountNumber || !account.verifiedAt) throw new AppError('conflict', REFERRAL_MSG.noPayoutAccount);
  const name = [row.borrower?.firstName, row.borrower?.lastName].filter(Boolean).join(' ') || row.member.email;
  const today = await businessToday(ctx);
  const released = await ctx.repos.referral.releasePayout({
    userId,
    today,
    idempotencyKey,
    staffUserId: staff.id,
    at: ctx.now(),
    send: (amountCents, rewardIds) =>
      ctx.providers.ach.originateCredit({
        amountCents,
        routing: account.routingNumber!,
        account: accountNumber,
        accountType: account.accountType ?? 'checking',
        name,
        individualId: `REFERRAL ${userId}`,
        idempotencyKey: `referral-payout-${userId}-${createHash('sha256').update(rewardIds.join(',')).digest('hex').slice(0, 24)}`,
      }),
    notification: (amountCents) => `Your referral rewards of ${formatUsd(cents(amountCents))} are on their way to your bank account.`,
  });
  if (!released) {
    // A concurrent twin with this key may have paid them first.
    const twin = await ctx.repos.referral.payoutByKey(idempotencyKey);
    if (twin) return wire(twin, []);
    throw new AppError('conflict', REFERRAL_MSG.nothingPayable);
  }
  return wire(released.payout, released.rewardIds);
}
