import { approvedReward, bonusesUpTo, levelFor, payableOn, rewardTotals, submittedReward } from '@payrail/domain/referral/rewards';
import type { RewardEntry } from '@payrail/domain/referral/rewards';
import { cents, formatUsd } from '@payrail/domain/money';
import type { AppContext } from '../../../context';
import { businessToday } from '../../../lib/business-clock';
import type { NewReward, RewardRow } from '../repository';

const LEVEL_NAME = { zero: 'Zero', bronze: 'Bronze', silver: 'Silver', gold: 'Gold' } as const;

/** The notification texts for rewards just recorded (and a level reached by them). */
export function rewardMessages(inserted: readonly RewardRow[], before: readonly RewardRow[], after: readonly RewardRow[]): string[] {
  const out = inserted.map((r) =>
    r.kind === 'application_submitted'
      ? `A friend you referred submitted an application: you earned ${formatUsd(cents(r.amountCents))}.`
      : r.kind === 'referral_approved'
        ? `A friend you referred got their loan: you earned ${formatUsd(cents(r.amountCents))}.`
        : `Referral bonus: you earned ${formatUsd(cents(r.amountCents))}.`,
  );
  const was = rewardTotals(before);
  const now = rewardTotals(after);
  const from = levelFor(was.approvedReferrals, was.points);
  const to = levelFor(now.approvedReferrals, now.points);
  if (to !== from) out.push(`Congratulations! You reached the ${LEVEL_NAME[to]} level.`);
  return out;
}

async function record(ctx: AppContext, friendUserId: number, entry: RewardEntry): Promise<RewardRow[]> {
  const referrer = await ctx.repos.referral.referrerOf(friendUserId);
  if (referrer === null) return [];
  const earnedOn = await businessToday(ctx);
  const at = ctx.now();
  const wait = ctx.config.referral.payoutWaitDays;
  const row = (e: { eventKey: string; kind: NewReward['kind']; amountCents: number; points: number }): NewReward => ({
    referrerUserId: referrer,
    friendUserId,
    kind: e.kind,
    eventKey: e.eventKey,
    amountCents: cents(e.amountCents),
    points: e.points,
    earnedOn,
    payableOn: payableOn(earnedOn, wait),
    createdAt: at,
  });
  return ctx.repos.referral.record(
    referrer,
    [row(entry)],
    (approved) => bonusesUpTo(approved).map((b) => row({ eventKey: b.eventKey, kind: 'bonus', amountCents: b.amountCents, points: 0 })),
    rewardMessages,
    at,
  );
}

/** A referred friend submitted an application: $1 to the referrer (once per application). */
export const rewardSubmittedApplication = (ctx: AppContext, friendUserId: number, applicationId: number) =>
  record(ctx, friendUserId, submittedReward(friendUserId, applicationId));

/**
 * A referred friend's loan was funded: the referral is APPROVED (their first funded loan; a refinance
 * is not a new referral) — $50, and the 3rd/5th/10th approval's bonus (once per friend).
 */
export const rewardApprovedReferral = (ctx: AppContext, friendUserId: number) => record(ctx, friendUserId, approvedReward(friendUserId));

/**
 * The loan book's `fundedLoanCanceled`: a referred member's only funded loan was canceled before they had
 * its money (its credit came back and was canceled — the referral is earned when the credit is sent, so a
 * loan canceled before that earned none). The referrer's approved referral of this friend, if any, is
 * recorded for staff (`referral_reward_of_canceled_loan`: the reward, whether a payout holds it, the
 * cancel's reason). The reward itself stands: the rewards ledger is append-only (a trigger refuses updates
 * and deletes), so voiding an unpaid one needs its own record (docs/referral-and-refinance.md); one already
 * paid is never clawed back from the referrer.
 */
export async function referralOfCanceledLoan(ctx: AppContext, c: { userId: number; loanId: number; staffUserId: number; reason: string }) {
  const referrer = await ctx.repos.referral.referrerOf(c.userId);
  if (referrer === null) return null;
  const at = ctx.now();
  return ctx.repos.referral.recordRewardOfCanceledLoan(referrer, approvedReward(c.userId).eventKey, ({ reward, payout }) => ({
    staffUserId: c.staffUserId,
    action: 'referral_reward_of_canceled_loan',
    targetUserId: referrer,
    before: {
      loan_id: c.loanId,
      friend_user_id: c.userId,
      reward_id: reward.id,
      amount_cents: reward.amountCents,
      payout_id: payout?.id ?? null,
      payout_status: payout?.status ?? null,
    },
    after: { voided: false, paid: payout !== null, reason: c.reason },
    at,
  }));
}
