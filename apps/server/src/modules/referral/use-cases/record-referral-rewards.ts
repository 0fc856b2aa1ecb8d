import { approvedReward, bonusesUpTo, levelFor, payableOn, rewardTotals, submittedReward } from '@payrail/domain/referral/rewards';
import type { RewardEntry } from '@payrail/domain/referral/rewards';
import { cents, formatUsd } from '@payrail/domain/money';
import type { AppContext } from '../../../context';
import { businessToday } from '../../../lib/business-clock';
import type { NewReward, ReferralRunner, RewardRow } from '../repository';

const LEVEL_NAME = { zero: 'Zero', bronze: 'Bronze', silver: 'Silver', gold: 'Gold' } as const;

/** The notification texts for rewards just recorded (and a level reached by them). */
export function rewardMessages(inserted: readonly RewardRow[], before: readonly RewardRow[], after: readonly RewardRow[]): string[] {
  const out = inserted.map((r) =>
    r.kind === 'application_submitted'
      ? `A friend you referred submitted an application: you earned ${formatUsd(cents(r.amountCents))}.`
      : r.amountCents === 0
        ? // Earned again after a void of a reward already paid to the member: it counts, the money was paid before.
          r.kind === 'bonus'
          ? 'Referral bonus reached again: it was paid to you before.'
          : 'A friend you referred got their loan: it counts toward your level again (its reward was paid to you before).'
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

async function record(ctx: AppContext, friendUserId: number, entry: RewardEntry, opts: { fundedFriend?: number } = {}): Promise<RewardRow[]> {
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
    opts,
  );
}

/** A referred friend submitted an application: $1 to the referrer (once per application). */
export const rewardSubmittedApplication = (ctx: AppContext, friendUserId: number, applicationId: number) =>
  record(ctx, friendUserId, submittedReward(friendUserId, applicationId));

/**
 * A referred friend's loan was funded: the referral is APPROVED (their first funded loan; a refinance
 * is not a new referral) — $50, and the 3rd/5th/10th approval's bonus (once per friend). The rule alone:
 * the loan book's calls go through {@link rewardFundedFirstLoan}, which checks the loan first.
 */
export const rewardApprovedReferral = (ctx: AppContext, friendUserId: number) => record(ctx, friendUserId, approvedReward(friendUserId));

/**
 * The loan book's `firstLoanFunded` (and the daily run's retry of it): the approved referral of a friend whose
 * first loan's credit was sent, recorded only while that loan stands — its credit sent and not canceled, read
 * under the referrer's lock, the lock a cancel voids under: a call that comes after the loan's cancel (a late
 * retry) records nothing, and one that comes before is voided by the cancel.
 */
export const rewardFundedFirstLoan = (ctx: AppContext, friendUserId: number) =>
  record(ctx, friendUserId, approvedReward(friendUserId), { fundedFriend: friendUserId });

/** How many missed approvals one daily run records at most (the rest wait for the next run). */
const MISSED_APPROVALS_PER_RUN = 500;
/** How far back the daily run looks for a funded loan whose referral was not recorded (its credit's creation). */
const MISSED_APPROVALS_DAYS = 30;

/**
 * The daily run's retry of `firstLoanFunded` (loan book hook `fundedReferralsChecked`): a failed call after a
 * credit was sent is only logged, so every referred member whose first loan was sent and stands, and whose
 * referrer holds no standing approved reward of them, is recorded now (first loans funded in the last 30
 * days: a member funded long before — data older than the program — is not paid now by surprise). Idempotent and race-safe as each
 * call is (`record` under the referrer's lock, one standing reward per event): two runs at once pay once.
 * A failure of one member is logged and the others go on; the next run tries it again. Answers how many
 * members got a reward now.
 */
export async function recordMissedApprovals(ctx: AppContext): Promise<number> {
  let recorded = 0;
  const since = new Date(ctx.now().getTime() - MISSED_APPROVALS_DAYS * 86_400_000);
  for (const friend of await ctx.repos.referral.approvalsMissing(since, MISSED_APPROVALS_PER_RUN)) {
    const rows = await rewardFundedFirstLoan(ctx, friend).catch((err: unknown) => {
      console.error('daily run: referral of a funded loan still not recorded', friend, err);
      return [];
    });
    if (rows.some((r) => r.kind === 'referral_approved')) recorded += 1;
  }
  return recorded;
}

/**
 * The loan book's `fundedLoanCanceled`, in the cancel's transaction (`runner`, under the loan's lock, before
 * the cancel's writes): a referred member's first loan is canceled before they had its money
 * (cancel_undelivered, cancel_unsent). Unless another first loan of theirs was funded and stands, the
 * referrer's approved referral of this friend is voided (`referral_reward_voids`), with each bonus whose nth
 * approval it takes away, and the staff action `referral_reward_voided` names them. A voided reward is no
 * longer counted, payable or paid. One a payout already paid is voided all the same and shown so (the
 * payout is named in the void): the money is not clawed back from the referrer, and the same event earned
 * again later pays nothing more (docs/referral-and-refinance.md). A failure fails the cancel: the void and
 * the cancel commit together or not at all.
 */
export async function referralOfCanceledLoan(
  ctx: AppContext,
  runner: ReferralRunner,
  c: { userId: number; loanId: number; staffUserId: number | null; reason: string },
) {
  const referrer = await ctx.repos.referral.referrerOf(c.userId, runner);
  if (referrer === null) return [];
  const at = ctx.now();
  return ctx.repos.referral.voidRewardsOfCanceledLoan(
    runner,
    { referrerId: referrer, friendUserId: c.userId, loanId: c.loanId, reason: c.reason, staffUserId: c.staffUserId, at },
    (voided) =>
      c.staffUserId === null
        ? null
        : {
            staffUserId: c.staffUserId,
            action: 'referral_reward_voided',
            targetUserId: referrer,
            before: {
              loan_id: c.loanId,
              friend_user_id: c.userId,
              rewards: voided.map((v) => ({
                reward_id: v.reward.id,
                kind: v.reward.kind,
                amount_cents: v.reward.amountCents,
                paid_payout_id: v.void.paidPayoutId,
              })),
            },
            after: {
              voided: true,
              void_ids: voided.map((v) => v.void.id),
              kept_paid_cents: voided.reduce((s, v) => s + (v.void.paidPayoutId === null ? 0 : v.reward.amountCents), 0),
              reason: c.reason,
            },
            at,
          },
  );
}
