/**
 * The income-based maximum loan amount:
 *
 *   income max = round_down_to_step(round_half_up(annual income × incomePercent / 100))
 *   max amount = min(cap of the employer's program, income max)
 *
 * The product with the percentage goes through the engine's one rounding (`roundHalfUp`); the result is
 * then rounded DOWN to the amount step, because a maximum must never be exceeded.
 */
import { cents, parseDecimal, roundHalfUp } from '../money';
import type { Cents } from '../money';
import type { EmployerProgram } from './facts';
import type { MaxAmountPolicy } from './rule-set';

/** Rounds cents down to a multiple of `step` (non-negative amounts). */
export function floorToStep(amount: Cents, step: Cents): Cents {
  return cents(Math.floor(amount / step) * step);
}

/** The income part of the maximum: `incomePercent` of annual income, rounded down to the step. */
export function incomeMaxCents(annualIncomeCents: Cents, policy: MaxAmountPolicy): Cents {
  const p = parseDecimal(policy.incomePercent);
  return floorToStep(roundHalfUp(BigInt(annualIncomeCents) * BigInt(p.num), BigInt(p.den) * 100n), policy.stepCents);
}

/** The cap of an employer's program: its program cap, the pending-review cap, or 0 when not eligible / unknown. */
export function programCapCents(program: EmployerProgram | null, policy: MaxAmountPolicy): Cents {
  if (program === null || program === 'not_eligible') return cents(0);
  if (program === 'pending_review') return cents(policy.pendingReviewCapCents);
  return cents(policy.programCapsCents[program]);
}

/** The largest amount the engine would lend: `min(program cap, income max)`; 0 when income or program is unknown or not eligible. */
export function maxAmountCents(annualIncomeCents: Cents | null, program: EmployerProgram | null, policy: MaxAmountPolicy): Cents {
  if (annualIncomeCents === null) return cents(0);
  return cents(Math.min(programCapCents(program, policy), incomeMaxCents(annualIncomeCents, policy)));
}
