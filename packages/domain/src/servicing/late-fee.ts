/**
 * Late fees: the signed note says "If we do not receive an installment in full within 15 days after its
 * due date, we may charge the late fee shown in the Loan Details, ... no more than once for each
 * installment." The rule: an installment still not paid in full on due date + grace days (calendar days;
 * assessed on the first business date strictly after the grace period ends) gets ONE late fee:
 * the greater of a flat amount and a percent of the installment, capped by a maximum (configuration,
 * documented in docs/servicing-operations.md). Defaults: 15 days grace, $15 flat, 5 % of the installment,
 * capped at $30 (conservative, inside the common state limits for consumer installment loans).
 */
import { addDays } from '../dates';
import type { IsoDate } from '../dates';
import { cents, parseDecimal, applyRatio } from '../money';
import type { Cents, Ratio } from '../money';

/** Late-fee configuration. */
export interface LateFeePolicy {
  /** Calendar days after the due date during which no fee is charged. */
  readonly graceDays: number;
  /** Flat fee (cents). */
  readonly flatCents: Cents;
  /** Percent of the scheduled installment, as an exact fraction of one. */
  readonly percentOfInstallment: Ratio;
  /** Cap (cents); the fee never exceeds it. */
  readonly maxCents: Cents;
}

/** Documented defaults: 15 days grace (the note), greater of $15 or 5 % of the installment, at most $30. */
export const DEFAULT_LATE_FEE_POLICY: LateFeePolicy = {
  graceDays: 15,
  flatCents: cents(1500),
  percentOfInstallment: { num: 1, den: 20 },
  maxCents: cents(3000),
};

/** Builds a policy from configuration text (percent as a decimal string, e.g. "5"); throws a RangeError on nonsense. */
export function lateFeePolicy(graceDays: number, flatCents: number, percent: string, maxCents: number): LateFeePolicy {
  if (!Number.isSafeInteger(graceDays) || graceDays < 0) throw new RangeError(`grace days must be a whole number ≥ 0: ${String(graceDays)}`);
  if (!Number.isSafeInteger(flatCents) || flatCents < 0) throw new RangeError(`flat late fee must be cents ≥ 0: ${String(flatCents)}`);
  if (!Number.isSafeInteger(maxCents) || maxCents < flatCents) throw new RangeError(`late fee cap must be cents ≥ the flat fee: ${String(maxCents)}`);
  const p = parseDecimal(percent);
  if (p.num > 100 * p.den) throw new RangeError(`late fee percent above 100: ${percent}`);
  return { graceDays, flatCents: cents(flatCents), percentOfInstallment: { num: p.num, den: p.den * 100 }, maxCents: cents(maxCents) };
}

/** The fee for an installment of `installmentCents`: max(flat, percent × installment), capped. */
export function lateFeeAmount(installmentCents: number, policy: LateFeePolicy = DEFAULT_LATE_FEE_POLICY): Cents {
  const pct = applyRatio(installmentCents, policy.percentOfInstallment);
  return cents(Math.min(policy.maxCents, Math.max(policy.flatCents, pct)));
}

/** The last day of the grace period of an installment due on `dueDate`. */
export function graceEnds(dueDate: IsoDate, policy: LateFeePolicy = DEFAULT_LATE_FEE_POLICY): IsoDate {
  return addDays(dueDate, policy.graceDays);
}

/** An installment as the late-fee rule sees it. */
export interface InstallmentForLateFee {
  /** Installment number. */
  readonly n: number;
  /** Contractual due date. */
  readonly dueDate: IsoDate;
  /** Scheduled amount of the installment. */
  readonly scheduledCents: number;
  /** What is still unpaid of it (fees excluded: a late fee never makes another late fee). */
  readonly unpaidCents: number;
}

/** A late fee to assess. */
export interface LateFeeDue {
  /** Installment it is charged on. */
  readonly n: number;
  /** Amount. */
  readonly amountCents: Cents;
}

/**
 * The late fees due on `businessDate`: one per installment still unpaid after its grace period, skipping
 * the installments that already carry one (`alreadyAssessed`). Pure and idempotent: calling it again after
 * the fees are recorded returns nothing.
 */
export function lateFeesDue(
  installments: readonly InstallmentForLateFee[],
  alreadyAssessed: ReadonlySet<number>,
  businessDate: IsoDate,
  policy: LateFeePolicy = DEFAULT_LATE_FEE_POLICY,
): LateFeeDue[] {
  const out: LateFeeDue[] = [];
  for (const i of installments) {
    if (i.unpaidCents <= 0 || alreadyAssessed.has(i.n)) continue;
    if (businessDate <= graceEnds(i.dueDate, policy)) continue;
    const amount = lateFeeAmount(i.scheduledCents, policy);
    if (amount > 0) out.push({ n: i.n, amountCents: amount });
  }
  return out;
}
