/**
 * The what-if simulator: extra payments (one-time, or with every installment) → the new payoff date and
 * the interest saved, projected with the loan engine itself (the same accrual, allocation and
 * re-amortisation as the ledger: a prepayment keeps the installment and shortens the term).
 *
 * Both projections start from the loan as it stands on `asOf` (its replayed ledger) and assume every
 * installment is paid in full on its due date from then on; the scenario adds the extra payments. A
 * contractual payment and an extra one on the same date: the installment first, the extra goes to
 * principal. Interest counted is the interest paid from `asOf` on.
 */
import type { IsoDate } from '../dates';
import { diffDays } from '../dates';
import { accrue, allocatePayment, payoff } from '../loan/servicing';
import type { Ledger } from '../loan/servicing';
import { cents } from '../money';
import type { Cents } from '../money';

/** Extra payments to simulate. */
export interface ExtraPayments {
  /** One-time payments, each on a date on or after `asOf`. */
  readonly oneTime?: readonly { readonly date: IsoDate; readonly amountCents: number }[];
  /** An extra amount paid with every installment due on or after `from` (default: `asOf`). */
  readonly recurring?: { readonly amountCents: number; readonly from?: IsoDate } | null;
}

/** A point of a projection: the principal left after the payments of a date. */
export interface ProjectionPoint {
  readonly date: IsoDate;
  readonly principalCents: Cents;
}

/** A projection of the rest of the loan. */
export interface Projection {
  /** Date of the payment that closes the loan. */
  readonly payoffDate: IsoDate;
  /** Interest paid from `asOf` to the end. */
  readonly interestCents: Cents;
  /** Everything paid from `asOf` to the end. */
  readonly paidCents: Cents;
  /** Number of payments (installments and extras). */
  readonly paymentCount: number;
  /** Installments still paid (without the extras). */
  readonly installmentCount: number;
  /** Principal after each payment date, starting with `asOf`. */
  readonly points: readonly ProjectionPoint[];
}

/** The simulator's answer. */
export interface WhatIf {
  readonly asOf: IsoDate;
  readonly baseline: Projection;
  readonly scenario: Projection;
  /** Baseline interest − scenario interest (never negative). */
  readonly interestSavedCents: Cents;
  /** Days between the two payoff dates (never negative). */
  readonly daysSooner: number;
  /** Installments the borrower no longer pays. */
  readonly installmentsFewer: number;
}

const MAX_EXTRA = 99_999_999;

/** Throws a RangeError naming the bad input. */
function check(extra: ExtraPayments, asOf: IsoDate): void {
  for (const p of extra.oneTime ?? []) {
    if (!Number.isSafeInteger(p.amountCents) || p.amountCents <= 0 || p.amountCents > MAX_EXTRA)
      throw new RangeError('extra payment amount must be a positive number of cents');
    if (p.date < asOf) throw new RangeError('extra payment date is before the as-of date');
  }
  const r = extra.recurring;
  if (r && (!Number.isSafeInteger(r.amountCents) || r.amountCents <= 0 || r.amountCents > MAX_EXTRA))
    throw new RangeError('recurring extra amount must be a positive number of cents');
}

const isClosed = (ledger: Ledger, date: IsoDate): boolean => payoff(ledger, date).payoffCents === 0;

/** What is due on `date` (past-due installments, the one falling due that day included), capped at the payoff. */
function dueOn(ledger: Ledger, date: IsoDate): number {
  const a = accrue(ledger, date);
  let due = 0;
  for (const i of a.pastDue) due += i.feeCents + i.interestCents + i.principalCents;
  return Math.min(due, payoff(ledger, date).payoffCents);
}

/** Projects the rest of the loan from `ledger` (rolled to `asOf`) with the given extras. */
function project(ledger: Ledger, asOf: IsoDate, extra: ExtraPayments): Projection {
  const dueDates = ledger.schedule.dueDates.filter((d) => d >= asOf);
  const recurringFrom = extra.recurring?.from ?? asOf;
  const byDate = new Map<IsoDate, number[]>();
  for (const p of extra.oneTime ?? []) byDate.set(p.date, [...(byDate.get(p.date) ?? []), p.amountCents]);
  const dates = [...new Set<IsoDate>([...dueDates, ...byDate.keys()])].sort();
  let state = ledger;
  let interest = 0;
  let paid = 0;
  let count = 0;
  let installments = 0;
  const points: ProjectionPoint[] = [{ date: asOf, principalCents: state.principalCents }];
  let payoffDate: IsoDate | null = isClosed(state, asOf) ? asOf : null;
  const pay = (date: IsoDate, amount: number) => {
    const r = allocatePayment(state, date, amount);
    state = r.ledger;
    interest += r.allocation.interestCents;
    paid += amount - r.allocation.unappliedCents;
    count++;
  };
  for (const date of dates) {
    if (payoffDate) break;
    const installment = dueDates.includes(date);
    if (installment) {
      const due = dueOn(state, date);
      if (due > 0) {
        pay(date, due);
        installments++;
      }
    }
    const extras = [...(byDate.get(date) ?? [])];
    if (installment && extra.recurring && date >= recurringFrom) extras.push(extra.recurring.amountCents);
    for (const amount of extras) {
      const left = payoff(state, date).payoffCents;
      if (left === 0) break;
      pay(date, Math.min(amount, left));
    }
    points.push({ date, principalCents: state.principalCents });
    if (isClosed(state, date)) payoffDate = date;
  }
  if (!payoffDate) {
    // Past the last due date with something still owed (a loan already behind): paid off on the last date seen.
    const last = dates[dates.length - 1] ?? asOf;
    const left = payoff(state, last).payoffCents;
    if (left > 0) pay(last, left);
    points.push({ date: last, principalCents: state.principalCents });
    payoffDate = last;
  }
  return { payoffDate, interestCents: cents(interest), paidCents: cents(paid), paymentCount: count, installmentCount: installments, points };
}

/**
 * Simulates extra payments on a loan whose ledger (replayed and rolled to `asOf`, see
 * `positionAsOf(...).ledger`) stands on `asOf`: the baseline (installments only) and the scenario.
 */
export function simulateExtraPayments(ledger: Ledger, asOf: IsoDate, extra: ExtraPayments): WhatIf {
  check(extra, asOf);
  const baseline = project(ledger, asOf, {});
  const scenario = project(ledger, asOf, extra);
  return {
    asOf,
    baseline,
    scenario,
    interestSavedCents: cents(Math.max(0, baseline.interestCents - scenario.interestCents)),
    daysSooner: Math.max(0, diffDays(scenario.payoffDate, baseline.payoffDate)),
    installmentsFewer: Math.max(0, baseline.installmentCount - scenario.installmentCount),
  };
}
