/**
 * Annual percentage rate by the actuarial method of Regulation Z, Appendix J (12 CFR 1026).
 *
 * General equation (b)(8): Σ A_k / ((1 + f_k·i)(1 + i)^t_k) = Σ P_j / ((1 + f_j·i)(1 + i)^t_j),
 * where t is the number of full unit periods and f the fraction of a unit period from the
 * beginning of the term (the advance date) to each advance or payment, counted per (b)(5):
 * - week / multiple of a week / day: days ÷ days per unit period;
 * - month: full months counted back from the later date, remaining days ÷ 30;
 * - semimonth / multiple of a month: 30 × full months + remaining days, ÷ 15 or ÷ 30·m;
 * - year: full years back, then remaining months ÷ 12 (whole months) or days ÷ 365.
 * Month-end series are counted end to end ((b)(3)(iv)): counting back from a month's last day
 * uses the series' day of month (29th, 30th, 31st), clamped to each month's end.
 *
 * The unit-period rate i is solved by safeguarded Newton iteration to 1e-10 (on the APR) and
 * the APR is reported in percent with 4 decimals; the disclosure shows 2 ({@link formatAprForDisclosure}).
 *
 * Two entry points, one equation: {@link actuarialAprFromUnitPeriods} solves (b)(8) for flows already
 * located as (t, f) with a given number of unit periods per year (the form Appendix J's examples are
 * stated in); {@link actuarialApr} counts (t, f) from real dates per (b)(5) and then calls it.
 */
import Decimal from 'decimal.js';
import { clampedDate, diffDays, isLastDayOfMonth, toEpochDay, toParts } from '../dates';
import type { IsoDate } from '../dates';
import type { Frequency } from './frequency';

/** The Appendix J unit period. */
export type UnitPeriod =
  | { readonly kind: 'day'; readonly days: number }
  | { readonly kind: 'week'; readonly weeks: number }
  | { readonly kind: 'semimonth' }
  | { readonly kind: 'month'; readonly months: number }
  | { readonly kind: 'year' };

/** A dated amount (an advance or a payment), in cents. */
export interface CashFlow {
  /** When the money moves. */
  readonly date: IsoDate;
  /** Amount in cents (positive). */
  readonly amountCents: number;
}

/** Full unit periods `t` and fraction `f` between the start of the term and a date. */
export interface UnitPeriodSpan {
  /** Whole unit periods. */
  readonly t: number;
  /** Remaining fraction of a unit period, 0 ≤ f ≤ 1. */
  readonly f: number;
}

/** An advance or a payment located by unit periods from the beginning of the term. */
export interface UnitPeriodFlow extends UnitPeriodSpan {
  /** Amount (positive); any unit, the same for every flow of one equation (cents, dollars…). */
  readonly amount: number;
}

/** Input of the general equation with explicit unit-period counts. */
export interface UnitPeriodAprInput {
  /** Advances A_k, each at t_k full unit periods plus fraction f_k from the start of the term. */
  readonly advances: readonly UnitPeriodFlow[];
  /** Payments P_j, each at t_j full unit periods plus fraction f_j from the start of the term. */
  readonly payments: readonly UnitPeriodFlow[];
  /** Unit periods in a year (w): 12 for a month, 52 for a week, 365/255 for a 255-day unit period… */
  readonly unitPeriodsPerYear: number;
}

/** Input of the general equation. */
export interface AprInput {
  /** Beginning of the term (consummation / advance date); defaults to the earliest advance. */
  readonly termStart?: IsoDate;
  /** Advances of credit (the amount financed, or several draws). */
  readonly advances: readonly CashFlow[];
  /** Scheduled payments. */
  readonly payments: readonly CashFlow[];
  /** The unit period (the most common payment period). */
  readonly unitPeriod: UnitPeriod;
}

/** Solved APR. */
export interface AprResult {
  /** APR in percent, 4 decimals, half-up (e.g. `"9.6857"`). */
  readonly aprPercent: string;
  /** APR as a fraction of one, full precision (e.g. 0.096857…). */
  readonly apr: number;
  /** The unit-period rate i. */
  readonly unitPeriodRate: number;
}

/** The unit period of a regular loan: the payment frequency itself. */
export function unitPeriodFor(frequency: Frequency): UnitPeriod {
  switch (frequency) {
    case 'weekly':
      return { kind: 'week', weeks: 1 };
    case 'biweekly':
      return { kind: 'week', weeks: 2 };
    case 'semimonthly':
      return { kind: 'semimonth' };
    case 'monthly':
      return { kind: 'month', months: 1 };
  }
}

/** Unit periods per year: 365/days, 52/weeks, 24, 12/months, 1. */
export function unitPeriodsPerYear(unit: UnitPeriod): number {
  switch (unit.kind) {
    case 'day':
      return 365 / unit.days;
    case 'week':
      return 52 / unit.weeks;
    case 'semimonth':
      return 24;
    case 'month':
      return 12 / unit.months;
    case 'year':
      return 1;
  }
}

function monthsBack(later: IsoDate, anchorDay: number, k: number): IsoDate {
  const p = toParts(later);
  return clampedDate(p.year, p.month - k, anchorDay);
}

/** Full months counted back from `later` (using the series' day `anchorDay`) and the remaining days to `start`. */
function fullMonthsAndDays(start: IsoDate, later: IsoDate, anchorDay: number): { months: number; days: number } {
  const s = toParts(start);
  const l = toParts(later);
  let k = (l.year - s.year) * 12 + (l.month - s.month);
  let back = monthsBack(later, anchorDay, k);
  while (k > 0 && back < start) {
    k -= 1;
    back = monthsBack(later, anchorDay, k);
  }
  if (back < start) return { months: 0, days: diffDays(start, later) };
  return { months: k, days: diffDays(start, back) };
}

/**
 * Counts unit periods from `start` to `date` per Appendix J (b)(5). `anchorDay` is the day of month
 * of the series the date belongs to (29–31 for month-end series); it defaults to the date's own day.
 */
export function countUnitPeriods(start: IsoDate, date: IsoDate, unit: UnitPeriod, anchorDay?: number): UnitPeriodSpan {
  if (date < start) throw new RangeError(`cash flow ${date} precedes the start of the term ${start}`);
  const anchor = anchorDay ?? toParts(date).day;
  const ratioSpan = (total: number, per: number): UnitPeriodSpan => ({ t: Math.floor(total / per), f: (total % per) / per });
  switch (unit.kind) {
    case 'day':
      return ratioSpan(diffDays(start, date), unit.days);
    case 'week':
      return ratioSpan(diffDays(start, date), 7 * unit.weeks);
    case 'month': {
      const { months, days } = fullMonthsAndDays(start, date, anchor);
      if (unit.months === 1) return { t: months, f: days / 30 };
      return ratioSpan(30 * months + days, 30 * unit.months);
    }
    case 'semimonth': {
      const { months, days } = fullMonthsAndDays(start, date, anchor);
      return ratioSpan(30 * months + days, 15);
    }
    case 'year': {
      const { months } = fullMonthsAndDays(start, date, anchor);
      const years = Math.floor(months / 12);
      const back = monthsBack(date, anchor, 12 * years);
      const rest = fullMonthsAndDays(start, back, anchor);
      if (rest.days === 0) return { t: years, f: rest.months / 12 };
      return { t: years, f: diffDays(start, back) / 365 };
    }
  }
}

/** The series day used to count months back from each date (end-to-end counting for month-end series). */
function anchorDays(dates: readonly IsoDate[]): number[] {
  let maxDay = 0;
  for (const d of dates) maxDay = Math.max(maxDay, toParts(d).day);
  return dates.map((d) => {
    const p = toParts(d);
    return isLastDayOfMonth(d) ? Math.max(maxDay, p.day) : p.day;
  });
}

interface Prepared {
  readonly amounts: Float64Array; // payments positive, advances negative
  readonly t: Int32Array;
  readonly f: Float64Array;
}

/** Locates every advance and payment of a dated input as (t, f) from the start of the term, per (b)(5). */
function toUnitPeriodFlows(input: AprInput): { advances: UnitPeriodFlow[]; payments: UnitPeriodFlow[] } {
  if (input.advances.length === 0 || input.payments.length === 0) throw new RangeError('APR needs at least one advance and one payment');
  let start = input.termStart;
  if (start === undefined) for (const a of input.advances) if (start === undefined || a.date < start) start = a.date;
  const termStart = start as IsoDate;
  const unit = input.unitPeriod;
  const nAdv = input.advances.length;
  const flows = [...input.advances, ...input.payments];
  const out: UnitPeriodFlow[] = new Array<UnitPeriodFlow>(flows.length);
  if (unit.kind === 'day' || unit.kind === 'week') {
    const per = unit.kind === 'day' ? unit.days : 7 * unit.weeks;
    const s0 = toEpochDay(termStart);
    for (let j = 0; j < flows.length; j++) {
      const cf = flows[j] as CashFlow;
      const days = toEpochDay(cf.date) - s0;
      if (days < 0) throw new RangeError(`cash flow ${cf.date} precedes the start of the term ${termStart}`);
      out[j] = { amount: cf.amountCents, t: Math.floor(days / per), f: (days % per) / per };
    }
  } else {
    const anchors = anchorDays(flows.map((cf) => cf.date));
    for (let j = 0; j < flows.length; j++) {
      const cf = flows[j] as CashFlow;
      const span = countUnitPeriods(termStart, cf.date, unit, anchors[j]);
      out[j] = { amount: cf.amountCents, t: span.t, f: span.f };
    }
  }
  return { advances: out.slice(0, nAdv), payments: out.slice(nAdv) };
}

function checkFlow(flow: UnitPeriodFlow, what: string): void {
  if (!Number.isInteger(flow.t) || flow.t < 0 || flow.t > 0x7fffffff)
    throw new RangeError(`${what}: t must be a whole number of unit periods ≥ 0 (got ${flow.t})`);
  if (!(flow.f >= 0 && flow.f <= 1)) throw new RangeError(`${what}: f must be a fraction of a unit period in [0, 1] (got ${flow.f})`);
  if (!(Number.isFinite(flow.amount) && flow.amount >= 0)) throw new RangeError(`${what}: amount must be finite and ≥ 0 (got ${flow.amount})`);
}

/** Packs the flows (advances negative, payments positive) into typed arrays sorted by t. */
function prepare(advances: readonly UnitPeriodFlow[], payments: readonly UnitPeriodFlow[]): Prepared {
  if (advances.length === 0 || payments.length === 0) throw new RangeError('APR needs at least one advance and one payment');
  const nAdv = advances.length;
  const n = nAdv + payments.length;
  const amounts = new Float64Array(n);
  const t = new Int32Array(n);
  const f = new Float64Array(n);
  for (let j = 0; j < n; j++) {
    const isAdvance = j < nAdv;
    const flow = (isAdvance ? advances[j] : payments[j - nAdv]) as UnitPeriodFlow;
    checkFlow(flow, isAdvance ? `advance ${j}` : `payment ${j - nAdv}`);
    amounts[j] = isAdvance ? -flow.amount : flow.amount;
    t[j] = flow.t;
    f[j] = flow.f;
  }
  // Sort by t so evaluate() can build (1 + i)^t incrementally.
  let sorted = true;
  for (let j = 1; j < n; j++)
    if ((t[j] as number) < (t[j - 1] as number)) {
      sorted = false;
      break;
    }
  if (sorted) return { amounts, t, f };
  const order = Array.from({ length: n }, (_, j) => j);
  order.sort((x, y) => (t[x] as number) - (t[y] as number));
  return {
    amounts: Float64Array.from(order, (j) => amounts[j] as number),
    t: Int32Array.from(order, (j) => t[j] as number),
    f: Float64Array.from(order, (j) => f[j] as number),
  };
}

/** g(i) = Σ payments − Σ advances, each discounted by (1 + f·i)(1 + i)^t; also returns g'(i). */
function evaluate(p: Prepared, i: number): [number, number] {
  const base = 1 + i;
  let pow = 1;
  let tPrev = 0;
  let g = 0;
  let dg = 0;
  const n = p.amounts.length;
  for (let j = 0; j < n; j++) {
    const t = p.t[j] as number;
    const gap = t - tPrev;
    if (gap === 1) pow *= base;
    else if (gap !== 0) pow = Math.pow(base, t);
    tPrev = t;
    const f = p.f[j] as number;
    const lin = 1 + f * i;
    const term = (p.amounts[j] as number) / (lin * pow);
    g += term;
    dg -= term * (f / lin + t / base);
  }
  return [g, dg];
}

function solve(p: Prepared, perYear: number): number {
  const tolerance = 1e-10 / perYear; // 1e-10 on the annual rate
  let totalPay = 0;
  let totalAdv = 0;
  let tMax = 1;
  for (let j = 0; j < p.amounts.length; j++) {
    const a = p.amounts[j] as number;
    if (a > 0) totalPay += a;
    else totalAdv -= a;
    tMax = Math.max(tMax, (p.t[j] as number) + (p.f[j] as number));
  }
  let i = (2 * (totalPay / totalAdv - 1)) / (tMax + 1);
  if (!Number.isFinite(i) || i <= -0.5) i = 0.01;
  for (let iter = 0; iter < 100; iter++) {
    const [g, dg] = evaluate(p, i);
    if (dg === 0 || !Number.isFinite(g) || !Number.isFinite(dg)) break;
    const next = i - g / dg;
    if (!Number.isFinite(next) || next <= -1) break;
    if (Math.abs(next - i) < tolerance) return next;
    i = next;
  }
  // Fallback: bisection on a bracket where g changes sign (g decreases in i for a loan).
  let lo = -0.999;
  let hi = 1;
  while (evaluate(p, hi)[0] > 0 && hi < 1e6) hi *= 2;
  for (let iter = 0; iter < 300 && hi - lo > tolerance; iter++) {
    const mid = (lo + hi) / 2;
    if (evaluate(p, mid)[0] > 0) lo = mid;
    else hi = mid;
  }
  return (lo + hi) / 2;
}

/** Formats an APR fraction (0.0969) as a percent string with 4 decimals, half-up (`"9.6900"`). */
export function formatAprPercent(apr: number): string {
  const s = new Decimal(apr).times(100).toFixed(4, Decimal.ROUND_HALF_UP);
  return s === '-0.0000' ? '0.0000' : s;
}

/** The disclosure shows the APR with 2 decimals: rounds a percent string (e.g. `"9.6857"`) half-up to `"9.69"`. */
export function formatAprForDisclosure(aprPercent: string): string {
  return new Decimal(aprPercent).toFixed(2, Decimal.ROUND_HALF_UP);
}

/**
 * Solves the Appendix J general equation (b)(8) for advances and payments given as full unit periods
 * `t` and fraction `f` from the beginning of the term, with `unitPeriodsPerYear` unit periods in a
 * year: APR = i × unitPeriodsPerYear. Amounts may be in any unit (the same for all flows).
 */
export function actuarialAprFromUnitPeriods(input: UnitPeriodAprInput): AprResult {
  const perYear = input.unitPeriodsPerYear;
  if (!(Number.isFinite(perYear) && perYear > 0)) throw new RangeError(`unitPeriodsPerYear must be > 0 (got ${perYear})`);
  const i = solve(prepare(input.advances, input.payments), perYear);
  const apr = i * perYear;
  return { aprPercent: formatAprPercent(apr), apr, unitPeriodRate: i };
}

/** Solves the Appendix J general equation for dated advances and payments: counts (t, f) per (b)(5), then {@link actuarialAprFromUnitPeriods}. */
export function actuarialApr(input: AprInput): AprResult {
  const { advances, payments } = toUnitPeriodFlows(input);
  return actuarialAprFromUnitPeriods({ advances, payments, unitPeriodsPerYear: unitPeriodsPerYear(input.unitPeriod) });
}

/** APR of a single-advance loan: `amountFinancedCents` advanced on `advanceDate`, repaid by `payments`. */
export function singleAdvanceApr(amountFinancedCents: number, advanceDate: IsoDate, payments: readonly CashFlow[], unitPeriod: UnitPeriod): AprResult {
  return actuarialApr({ termStart: advanceDate, advances: [{ date: advanceDate, amountCents: amountFinancedCents }], payments, unitPeriod });
}
