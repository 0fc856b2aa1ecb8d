/**
 * Referral program (newflow spec §9): rewards, points and benefit levels, as pure rules.
 *
 * - A friend's **submitted application** earns the referrer $1 and 1 point (once per application).
 * - An **approved referral** — the friend's first loan is funded (a refinance is not a new referral) —
 *   earns $50 and 10 points (once per friend).
 * - One-time bonuses at the 3rd, 5th and 10th approved referral: $100, $200, $500 (no points).
 * - Levels: Bronze at 3 approved referrals or 30 points, Silver at 5 or 50, Gold at 10 or 100. The level
 *   is always COMPUTED from the rewards ledger, never stored.
 * - A reward becomes payable `waitDays` after it was earned (spec: "6-8 weeks"; the server's default is
 *   42 days, `REFERRAL_PAYOUT_WAIT_DAYS`).
 */
import { addDays } from '../dates';
import type { IsoDate } from '../dates';
import { cents } from '../money';
import type { Cents } from '../money';

/** Kinds of reward entries. */
export const REWARD_KINDS = ['application_submitted', 'referral_approved', 'bonus'] as const;
export type RewardKind = (typeof REWARD_KINDS)[number];

/** Benefit levels of spec §3 (Benefits: zero, bronze, silver, gold). */
export const BENEFIT_LEVELS = ['zero', 'bronze', 'silver', 'gold'] as const;
export type BenefitLevel = (typeof BENEFIT_LEVELS)[number];

/** Reward per submitted application of a referred friend. */
export const SUBMITTED_APPLICATION_REWARD_CENTS = cents(100);
/** Reward per approved referral. */
export const APPROVED_REFERRAL_REWARD_CENTS = cents(5_000);
/** Points per submitted application of a referred friend. */
export const SUBMITTED_APPLICATION_POINTS = 1;
/** Points per approved referral. */
export const APPROVED_REFERRAL_POINTS = 10;
/** One-time bonuses by the ordinal of the approved referral that reaches them. */
export const REFERRAL_BONUSES: readonly { readonly nth: number; readonly amountCents: Cents }[] = [
  { nth: 3, amountCents: cents(10_000) },
  { nth: 5, amountCents: cents(20_000) },
  { nth: 10, amountCents: cents(50_000) },
];
/** Level thresholds, highest first: a level is reached by approved referrals OR points. */
export const LEVEL_THRESHOLDS: readonly { readonly level: Exclude<BenefitLevel, 'zero'>; readonly approved: number; readonly points: number }[] = [
  { level: 'gold', approved: 10, points: 100 },
  { level: 'silver', approved: 5, points: 50 },
  { level: 'bronze', approved: 3, points: 30 },
];
/** Default waiting period before a reward can be paid out (6 weeks, the low end of "6-8 weeks"). */
export const DEFAULT_PAYOUT_WAIT_DAYS = 42;

/** One reward the ledger should hold; `eventKey` makes recording it idempotent. */
export interface RewardEntry {
  /** Unique per event: `submitted:<applicationId>`, `approved:<friendId>`, `bonus:<nth>`. */
  readonly eventKey: string;
  readonly kind: RewardKind;
  readonly amountCents: Cents;
  readonly points: number;
  /** The friend whose event earned it (the friend of the nth approval for a bonus). */
  readonly friendUserId: number;
}

/** A referred friend's facts: their submitted applications and whether their first loan is funded. */
export interface FriendFacts {
  readonly friendUserId: number;
  /** Ids of the friend's applications that reached review (submitted). */
  readonly submittedApplicationIds: readonly number[];
  /** When the friend's first loan was funded (business date), or null. */
  readonly approvedOn: IsoDate | null;
}

/** Reward for one submitted application of a friend. */
export function submittedReward(friendUserId: number, applicationId: number): RewardEntry {
  return {
    eventKey: `submitted:${applicationId}`,
    kind: 'application_submitted',
    amountCents: SUBMITTED_APPLICATION_REWARD_CENTS,
    points: SUBMITTED_APPLICATION_POINTS,
    friendUserId,
  };
}

/** Reward for a friend's approved referral. */
export function approvedReward(friendUserId: number): RewardEntry {
  return {
    eventKey: `approved:${friendUserId}`,
    kind: 'referral_approved',
    amountCents: APPROVED_REFERRAL_REWARD_CENTS,
    points: APPROVED_REFERRAL_POINTS,
    friendUserId,
  };
}

/**
 * Every reward a referrer has earned from their friends' facts. Friends approved earlier come first
 * (ties by friend id), so the bonus of the nth approval names the friend whose approval reached it.
 */
export function rewardsFor(friends: readonly FriendFacts[]): RewardEntry[] {
  const out: RewardEntry[] = [];
  for (const f of friends) for (const id of [...f.submittedApplicationIds].sort((a, b) => a - b)) out.push(submittedReward(f.friendUserId, id));
  const approved = friends
    .filter((f): f is FriendFacts & { approvedOn: IsoDate } => f.approvedOn !== null)
    .sort((a, b) => (a.approvedOn < b.approvedOn ? -1 : a.approvedOn > b.approvedOn ? 1 : a.friendUserId - b.friendUserId));
  approved.forEach((f, i) => {
    out.push(approvedReward(f.friendUserId));
    const bonus = REFERRAL_BONUSES.find((b) => b.nth === i + 1);
    if (bonus) out.push({ eventKey: `bonus:${bonus.nth}`, kind: 'bonus', amountCents: bonus.amountCents, points: 0, friendUserId: f.friendUserId });
  });
  return out;
}

/** Bonuses due once `approvedCount` referrals are approved (each once, whatever the order of events). */
export function bonusesUpTo(approvedCount: number): { nth: number; amountCents: Cents; eventKey: string }[] {
  return REFERRAL_BONUSES.filter((b) => b.nth <= approvedCount).map((b) => ({ ...b, eventKey: `bonus:${b.nth}` }));
}

/** Totals of a rewards ledger. */
export interface RewardTotals {
  readonly approvedReferrals: number;
  readonly submittedApplications: number;
  readonly points: number;
  readonly earnedCents: Cents;
}

/** Sums a rewards ledger (any entries with kind, amount and points). */
export function rewardTotals(entries: readonly { readonly kind: RewardKind; readonly amountCents: number; readonly points: number }[]): RewardTotals {
  let approved = 0;
  let submitted = 0;
  let points = 0;
  let earned = 0;
  for (const e of entries) {
    if (e.kind === 'referral_approved') approved += 1;
    if (e.kind === 'application_submitted') submitted += 1;
    points += e.points;
    earned += e.amountCents;
  }
  return { approvedReferrals: approved, submittedApplications: submitted, points, earnedCents: cents(earned) };
}

/** The level reached by approved referrals OR points (spec §9). */
export function levelFor(approvedReferrals: number, points: number): BenefitLevel {
  for (const t of LEVEL_THRESHOLDS) if (approvedReferrals >= t.approved || points >= t.points) return t.level;
  return 'zero';
}

/** The level a rewards ledger reaches (its approved referrals and points; COMPUTED, never stored). */
export function levelOfRewards(entries: readonly { readonly kind: RewardKind; readonly amountCents: number; readonly points: number }[]): BenefitLevel {
  const t = rewardTotals(entries);
  return levelFor(t.approvedReferrals, t.points);
}

/** What the next level needs (null at gold). */
export function nextLevel(
  approvedReferrals: number,
  points: number,
): { level: Exclude<BenefitLevel, 'zero'>; approvedNeeded: number; pointsNeeded: number } | null {
  const current = levelFor(approvedReferrals, points);
  const order: readonly BenefitLevel[] = BENEFIT_LEVELS;
  const next = order[order.indexOf(current) + 1];
  const t = LEVEL_THRESHOLDS.find((x) => x.level === next);
  if (!t) return null;
  return { level: t.level, approvedNeeded: Math.max(0, t.approved - approvedReferrals), pointsNeeded: Math.max(0, t.points - points) };
}

/** The date a reward earned on `earnedOn` becomes payable. */
export function payableOn(earnedOn: IsoDate, waitDays: number): IsoDate {
  if (!Number.isSafeInteger(waitDays) || waitDays < 0) throw new RangeError(`invalid waiting period ${String(waitDays)}`);
  return addDays(earnedOn, waitDays);
}

/** Sum of the rewards payable on `today` that are not paid yet. */
export function payableCents(rewards: readonly { amountCents: number; payableOn: string; paid: boolean }[], today: IsoDate): Cents {
  return cents(rewards.filter((r) => !r.paid && r.payableOn <= today).reduce((s, r) => s + r.amountCents, 0));
}
