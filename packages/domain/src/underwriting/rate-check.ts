/**
 * The new flow's rate check (newflow-and-dashboard.md §2 checking_rate): the credit bureau's soft pull
 * combined with the underwriting engine's decision (`decide`) into one of four outcomes.
 *
 * - thin file / no file at the bureau → `thin_file` (the applicant cannot proceed; no adverse action on a
 *   score that does not exist, but the reason is recorded);
 * - the engine denies, or the score is below {@link RATE_CHECK_POLICY.declineBelow} → `declined`, with the
 *   adverse-action reasons (the engine's first, then the bureau's key factors; deduplicated, at most 4 —
 *   Reg B asks for the principal reasons);
 * - the score is below {@link RATE_CHECK_POLICY.fullAmountFrom}, or the engine refers because the amount is
 *   above its maximum → `counteroffer` for the smaller of the engine maximum and the score's share of
 *   the asked amount, rounded down to the step, with the principal reasons of the lower amount (the
 *   bureau's key factors when the score limited it, the income reason when the engine maximum did, both
 *   when they tie); a counteroffer below the minimum amount declines;
 * - otherwise `approved` for the amount asked (capped by the engine maximum).
 *
 * Pure: the bureau report and the engine decision come in as data.
 */
import type { Decision } from './decide';

export type BureauReport =
  { readonly status: 'hit'; readonly score: number; readonly reasonTexts: readonly string[] } | { readonly status: 'thin_file' | 'no_hit' };

export const RATE_CHECK_OUTCOMES = ['approved', 'counteroffer', 'declined', 'thin_file'] as const;
export type RateCheckOutcome = (typeof RATE_CHECK_OUTCOMES)[number];

export interface RateCheckResult {
  readonly outcome: RateCheckOutcome;
  /** Cents offered (null when declined or no file). */
  readonly approvedAmountCents: number | null;
  /**
   * Applicant-facing principal reasons: a decline's adverse-action reasons, thin_file's one reason, and a
   * counteroffer's reasons for offering less than asked (the score's key factors when the score lowered
   * it, the income reason when the engine's maximum did; at most `maxReasons`). Empty when approved.
   */
  readonly adverseActionReasons: readonly string[];
}

export const RATE_CHECK_POLICY = {
  /** Scores below this decline. */
  declineBelow: 580,
  /** Scores from here get the full amount; between the two, a counteroffer of `counterofferShare`. */
  fullAmountFrom: 650,
  /** Share (percent) of the asked amount offered to a middling score. */
  counterofferSharePercent: 50,
  /** Offers are whole multiples of this (cents). */
  stepCents: 10_000,
  /** The smallest loan (cents); a counteroffer below it declines. */
  minAmountCents: 50_000,
  /** At most this many principal reasons on an adverse-action notice. */
  maxReasons: 4,
} as const;

/** The reason recorded when the bureau has no usable file. */
export const THIN_FILE_REASON = 'Insufficient credit file';
/** The reason added when the score itself declines and the bureau gave no key factor. */
export const LOW_SCORE_REASON = 'Credit score below our minimum';
/** A counteroffer lowered by the score when the bureau gave no key factor. */
export const COUNTEROFFER_SCORE_REASON = 'Credit score too low for the amount of credit requested';
/** A counteroffer (or a decline) lowered by the engine's maximum for the applicant's income (Reg B form C-1). */
export const INCOME_FOR_AMOUNT_REASON = 'Income insufficient for amount of credit requested';

const floorTo = (value: number, step: number): number => Math.floor(value / step) * step;

/** What the rate check reads of the engine's decision. */
export type EngineView = { readonly outcome: Decision['outcome']; readonly maxAmountCents: number; readonly adverseActionReasons: readonly string[] };

export function decideRateCheck(requestedCents: number, engine: EngineView, bureau: BureauReport, policy = RATE_CHECK_POLICY): RateCheckResult {
  if (bureau.status !== 'hit') return { outcome: 'thin_file', approvedAmountCents: null, adverseActionReasons: [THIN_FILE_REASON] };
  const lowScore = bureau.score < policy.declineBelow;
  if (engine.outcome === 'deny' || lowScore) {
    const bureauReasons = lowScore ? (bureau.reasonTexts.length > 0 ? bureau.reasonTexts : [LOW_SCORE_REASON]) : [];
    const reasons = [...new Set([...engine.adverseActionReasons, ...bureauReasons])].slice(0, policy.maxReasons);
    return { outcome: 'declined', approvedAmountCents: null, adverseActionReasons: reasons };
  }
  // Only an amount above the engine's maximum lowers the offer; other refers (documents not uploaded
  // yet, an employer under review) are for the reviewer later, not for the rate.
  const cap = engine.maxAmountCents > 0 ? engine.maxAmountCents : requestedCents;
  const scoreShare =
    bureau.score < policy.fullAmountFrom ? floorTo((requestedCents * policy.counterofferSharePercent) / 100, policy.stepCents) : requestedCents;
  const amount = Math.min(requestedCents, cap, scoreShare);
  if (amount < policy.minAmountCents) {
    const reasons = [...new Set([...bureau.reasonTexts, INCOME_FOR_AMOUNT_REASON])].slice(0, policy.maxReasons);
    return { outcome: 'declined', approvedAmountCents: null, adverseActionReasons: reasons };
  }
  if (amount >= requestedCents) return { outcome: 'approved', approvedAmountCents: amount, adverseActionReasons: [] };
  // A counteroffer is an adverse action too (Reg B 1002.2(c)(1)(i)): its principal reasons are what lowered the amount.
  const byScore = scoreShare < requestedCents && scoreShare <= cap ? (bureau.reasonTexts.length > 0 ? bureau.reasonTexts : [COUNTEROFFER_SCORE_REASON]) : [];
  const byIncome = cap < requestedCents && cap <= scoreShare ? [INCOME_FOR_AMOUNT_REASON] : [];
  const reasons = [...new Set([...byScore, ...byIncome])].slice(0, policy.maxReasons);
  return { outcome: 'counteroffer', approvedAmountCents: amount, adverseActionReasons: reasons };
}
