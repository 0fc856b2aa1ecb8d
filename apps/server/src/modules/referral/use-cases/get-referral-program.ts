import type { TReferralProgram } from '@payrail/contract/referral';
import type { IsoDate } from '@payrail/domain/dates';
import { levelFor, nextLevel, rewardTotals } from '@payrail/domain/referral/rewards';
import type { AppContext } from '../../../context';
import { AppError } from '../../../errors';
import { businessToday } from '../../../lib/business-clock';
import { findBorrower } from '../../identity/members';

/** GET /referral: the referral page — code, friends, rewards history with payout status, level and progress. */
export async function getReferralProgram(ctx: AppContext, userId: number): Promise<TReferralProgram> {
  const borrower = await findBorrower(ctx, userId);
  if (!borrower) throw AppError.notFound('Borrower not found.');
  const [rows, friends, today] = await Promise.all([
    ctx.repos.referral.rewardsOf(userId),
    ctx.repos.referral.friendsOf(borrower.referCode),
    businessToday(ctx),
  ]);
  const names = new Map(friends.map((f) => [f.userId, f.firstName]));
  // A voided reward (its friend's loan canceled) is listed as such and counts nowhere; money a payout paid
  // before the void stays paid to the member.
  const totals = rewardTotals(rows.filter((r) => r.voidedAt === null).map((r) => r.reward));
  const status = (r: (typeof rows)[number]): TReferralProgram['rewards'][number]['status'] =>
    r.voidedAt !== null
      ? r.payoutId !== null
        ? 'voided_paid'
        : 'voided'
      : r.payoutId !== null
        ? 'paid'
        : r.reward.payableOn <= (today as IsoDate)
          ? 'payable'
          : 'waiting';
  const sum = (...s: TReferralProgram['rewards'][number]['status'][]) =>
    rows.filter((r) => s.includes(status(r))).reduce((a, r) => a + r.reward.amountCents, 0);
  const next = nextLevel(totals.approvedReferrals, totals.points);
  return {
    refer_code: borrower.referCode,
    referred_by: borrower.referredBy,
    friends: friends.length,
    approved_referrals: totals.approvedReferrals,
    submitted_applications: totals.submittedApplications,
    points: totals.points,
    level: levelFor(totals.approvedReferrals, totals.points),
    next_level: next && { level: next.level, approved_needed: next.approvedNeeded, points_needed: next.pointsNeeded },
    earned: totals.earnedCents,
    paid: sum('paid', 'voided_paid'),
    payable: sum('payable'),
    waiting: sum('waiting'),
    payout_wait_days: ctx.config.referral.payoutWaitDays,
    rewards: [...rows].reverse().map((r) => ({
      id: r.reward.id,
      kind: r.reward.kind,
      amount: r.reward.amountCents,
      points: r.reward.points,
      // Only the friend's first name: the referrer does not see more of another member's data.
      friend_name: names.get(r.reward.friendUserId) ?? null,
      earned_on: r.reward.earnedOn,
      payable_on: r.reward.payableOn,
      status: status(r),
    })),
  };
}
