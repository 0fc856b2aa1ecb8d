/**
 * Fee naming and amounts. The fee charged at origination is a prepaid finance charge: it is part of
 * the finance charge and never part of the amount financed (see `applyFeeTreatment` in `schedule`).
 */
import { cents, parseDecimal, roundHalfUp } from '../money';
import type { Cents } from '../money';

/** How a loan's upfront fee is labelled on documents. */
export type FeeLabel = 'origination fee' | 'document preparation fee';

/**
 * The fee label rule: "origination fee", or "document preparation fee" when the origination fee is 0
 * and the other (document preparation) fee is above 0.
 */
export function feeLabel(originationFeeCents: Cents, otherFeeCents: Cents): FeeLabel {
  return originationFeeCents === 0 && otherFeeCents > 0 ? 'document preparation fee' : 'origination fee';
}

/** The upfront fee actually charged: the origination fee, or the other fee when the origination fee is 0. */
export function chargedFee(originationFeeCents: Cents, otherFeeCents: Cents): Cents {
  return cents(originationFeeCents > 0 ? originationFeeCents : Math.max(0, otherFeeCents));
}

/** A fee defined as a flat amount plus a percentage of the loan amount (exact decimal text, e.g. `"5"` for 5 %). */
export interface FeeRule {
  /** Flat part in cents. */
  readonly flatCents?: Cents;
  /** Percentage of the amount, exact decimal text. */
  readonly percentOfAmount?: string;
  /** Optional cap in cents. */
  readonly maxCents?: Cents;
}

/** Evaluates a {@link FeeRule} for an amount: flat + round_half_up(amount × percent / 100), capped. */
export function feeFor(rule: FeeRule | undefined, amountCents: Cents): Cents {
  if (!rule) return cents(0);
  let fee = rule.flatCents ?? 0;
  if (rule.percentOfAmount !== undefined) {
    const p = parseDecimal(rule.percentOfAmount);
    fee += roundHalfUp(amountCents * p.num, p.den * 100);
  }
  if (rule.maxCents !== undefined) fee = Math.min(fee, rule.maxCents);
  return cents(fee);
}
