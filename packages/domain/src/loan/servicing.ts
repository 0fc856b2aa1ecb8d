/**
 * Servicing: accrual, payment allocation and payoff, all built on ONE accrual function ({@link accrue}),
 * so that a payoff quote paid through {@link allocatePayment} on the same date leaves every balance at zero.
 *
 * Conventions (see docs/loan-engine.md):
 * - Installment k covers (due_{k−1}, due_k], due_0 = disbursement date. Its interest is per period:
 *   round_half_up(principal not yet due × r), fixed at the end of the period's first day (so a
 *   prepayment made on a due date already lowers the next period's interest).
 * - On its due date an installment becomes due with that interest and principal = payment − interest
 *   (the final installment takes all remaining principal) — the same step as the schedule.
 * - As of a date, what is due = unpaid fees, interest and principal of past-due installments, plus
 *   the unpaid fees and the interest earned so far on the installment in progress:
 *   round_half_up(period interest × days elapsed ÷ days in period).
 * - A payment pays past-due installments oldest first, fees → interest → principal within each,
 *   then the installment in progress (fees, earned interest); any excess is a principal prepayment
 *   that keeps the payment and shortens the term. Money beyond the payoff is returned as unapplied.
 */
import { applyRatio, cents, prorate, roundHalfUp } from '../money';
import type { Cents } from '../money';
import { diffDays } from '../dates';
import type { IsoDate } from '../dates';
import { amortisationStep, contractSegment } from './schedule';
import type { LoanSchedule, ScheduleRow, ScheduleSegment } from './schedule';

/** An installment whose due date has passed and which still has something unpaid. */
export interface InstallmentDue {
  /** Installment number. */
  readonly n: number;
  /** Contractual due date. */
  readonly dueDate: IsoDate;
  /** Unpaid fees attached to it. */
  readonly feeCents: Cents;
  /** Unpaid interest. */
  readonly interestCents: Cents;
  /** Unpaid principal. */
  readonly principalCents: Cents;
}

/** The installment whose period is running. */
export interface CurrentPeriod {
  /** Installment number. */
  readonly n: number;
  /** Start of the period (previous due date, or the disbursement date). */
  readonly startDate: IsoDate;
  /** Its due date. */
  readonly dueDate: IsoDate;
  /** Interest of the whole period; `null` until the end of the period's first day. */
  readonly interestCents: Cents | null;
  /** Interest of this installment already paid (earned interest paid before the due date). */
  readonly interestPaidCents: Cents;
  /** Unpaid fees attached to this installment. */
  readonly feeCents: Cents;
}

/** The state of a loan after the events up to `asOf`. Immutable: operations return a new ledger. */
export interface Ledger {
  /** The contract. */
  readonly schedule: LoanSchedule;
  /** Date up to which due dates have been rolled. */
  readonly asOf: IsoDate;
  /** Total outstanding principal (past-due principal included). */
  readonly principalCents: Cents;
  /** Past-due installments with something unpaid, oldest first. */
  readonly pastDue: readonly InstallmentDue[];
  /** The installment in progress; `null` once the loan is paid off or past its last due date. */
  readonly current: CurrentPeriod | null;
  /**
   * A payment plan (schedule segments): arrears carried into the plan and not yet due (interest owed when
   * the plan took over, spread over its installments without interest). Absent: 0.
   */
  readonly arrearsCents?: Cents;
  /** A payment plan: the schedule segment in force (index in `schedule.segments`). Absent: 0. */
  readonly segmentIndex?: number;
}

/** The installment in progress as seen by {@link accrue}. */
export interface InProgressAccrual {
  /** Installment number. */
  readonly n: number;
  /** Period start. */
  readonly startDate: IsoDate;
  /** Period end (due date). */
  readonly dueDate: IsoDate;
  /** Days elapsed since the period start. */
  readonly daysElapsed: number;
  /** Days in the period. */
  readonly daysInPeriod: number;
  /** Interest of the whole period (provisional on the first day). */
  readonly periodInterestCents: Cents;
  /** Interest earned so far and not yet paid. */
  readonly unpaidEarnedInterestCents: Cents;
  /** Unpaid fees attached. */
  readonly feeCents: Cents;
}

/** What is owed on a date: the single source for payoff and allocation. */
export interface Accrual {
  /** The ledger rolled to the date. */
  readonly ledger: Ledger;
  /** The date. */
  readonly date: IsoDate;
  /** Past-due installments (unpaid parts). */
  readonly pastDue: readonly InstallmentDue[];
  /** The installment in progress, if any. */
  readonly inProgress: InProgressAccrual | null;
  /** Daily interest of the period in progress: round_half_up(period interest ÷ days in period). */
  readonly perDiemCents: Cents;
}

/** Payoff quote. */
export interface Payoff {
  /** Date of the quote. */
  readonly asOf: IsoDate;
  /** Amount that closes the loan on that date. */
  readonly payoffCents: Cents;
  /** Interest added per further day in the current period. */
  readonly perDiemCents: Cents;
  /** Outstanding principal. */
  readonly principalCents: Cents;
  /** Unpaid interest: past-due installments + interest earned in the period in progress. */
  readonly interestCents: Cents;
  /** Unpaid fees. */
  readonly feesCents: Cents;
}

/** How one payment was applied. */
export interface Allocation {
  /** Payment date. */
  readonly date: IsoDate;
  /** Amount received. */
  readonly amountCents: Cents;
  /** Paid to fees. */
  readonly feesCents: Cents;
  /** Paid to interest. */
  readonly interestCents: Cents;
  /** Paid to principal that was due (past-due installments). */
  readonly principalCents: Cents;
  /** Excess applied to principal not yet due (prepayment). */
  readonly prepaidPrincipalCents: Cents;
  /** Money left over after the loan is paid off (to refund). */
  readonly unappliedCents: Cents;
  /** Per installment: what went to fees, interest and principal. */
  readonly installments: readonly { readonly n: number; readonly feesCents: Cents; readonly interestCents: Cents; readonly principalCents: Cents }[];
}

/** A servicing event. */
export type LoanEvent =
  | { readonly kind: 'payment'; readonly date: IsoDate; readonly amountCents: number }
  | { readonly kind: 'fee'; readonly date: IsoDate; readonly amountCents: number; readonly installment?: number };

function pastDuePrincipal(pastDue: readonly InstallmentDue[]): number {
  let sum = 0;
  for (const i of pastDue) sum += i.principalCents;
  return sum;
}

/** A new ledger at the disbursement date: note principal outstanding, installment 1 in progress. */
export function openLedger(schedule: LoanSchedule): Ledger {
  // A plan that took over during the first period: that period keeps the contract's first due date.
  const planFromFirst = schedule.segments?.[1]?.fromN === 1 ? schedule.segments[1].priorDueDate : undefined;
  const first = planFromFirst ?? schedule.dueDates[0];
  if (first === undefined) throw new RangeError('schedule has no due dates');
  return {
    schedule,
    asOf: schedule.terms.disbursementDate,
    principalCents: schedule.notePrincipalCents,
    pastDue: [],
    current: { n: 1, startDate: schedule.terms.disbursementDate, dueDate: first, interestCents: null, interestPaidCents: cents(0), feeCents: cents(0) },
  };
}

/** The terms the ledger's installments are serviced on now: its schedule segment in force (a payment plan), else the contract. */
export function segmentInForce(ledger: Ledger): ScheduleSegment {
  const s = ledger.schedule;
  return s.segments?.[ledger.segmentIndex ?? 0] ?? contractSegment(s);
}

/** The arrears part of installment `n` of `seg` falling due with `arrearsLeft` not yet due (the run's last, or a final one, takes all). */
function arrearsPart(seg: ScheduleSegment, n: number, arrearsLeft: number, final: boolean): number {
  return final || n >= seg.lastN ? arrearsLeft : Math.min(seg.arrearsPerInstallmentCents, arrearsLeft);
}

/** Rolls due dates up to and including `date` (installments fall due; the next period starts; a payment plan takes over on its day). */
function rollTo(ledger: Ledger, date: IsoDate): Ledger {
  if (date < ledger.asOf) throw new RangeError(`date ${date} is before the ledger date ${ledger.asOf}`);
  const nextIndex = (ledger.segmentIndex ?? 0) + 1;
  const plan = ledger.schedule.segments?.[nextIndex];
  if (plan && plan.startDate <= date && plan.startDate >= ledger.asOf) return rollTo(enterSegment(rollWithin(ledger, plan.startDate), plan, nextIndex), date);
  return rollWithin(ledger, date);
}

/**
 * A payment plan takes over at the start of its day (installments due that day have fallen due, nothing
 * of that day is applied yet): the principal stays (past-due principal included); interest owed — past
 * due, earned so far on the period in progress, arrears of an earlier plan — becomes the plan's arrears,
 * due in level parts with its installments, without interest; unpaid fees go with its first installment.
 */
function enterSegment(ledger: Ledger, seg: ScheduleSegment, index: number): Ledger {
  const s = ledger.schedule;
  const { principalCents, arrearsCents: arrears, feesCents: fees } = takeoverAmounts(ledger, seg.startDate);
  const first = s.dueDates[seg.fromN - 1];
  const owes = principalCents + arrears + fees > 0;
  return {
    schedule: s,
    asOf: seg.startDate,
    principalCents: ledger.principalCents,
    pastDue: [],
    current:
      owes && first !== undefined
        ? { n: seg.fromN, startDate: seg.startDate, dueDate: first, interestCents: null, interestPaidCents: cents(0), feeCents: cents(fees) }
        : null,
    arrearsCents: cents(arrears),
    segmentIndex: index,
  };
}

/**
 * What a payment plan taking over on `date` starts from, on a ledger rolled to `date`: the principal
 * (past-due principal included), the interest owed (past due, earned so far on the period in progress,
 * arrears of an earlier plan) and the unpaid fees.
 */
export function takeoverAmounts(ledger: Ledger, date: IsoDate): { principalCents: Cents; arrearsCents: Cents; feesCents: Cents } {
  let arrears: number = ledger.arrearsCents ?? 0;
  let fees = 0;
  for (const i of ledger.pastDue) {
    arrears += i.interestCents;
    fees += i.feeCents;
  }
  const c = ledger.current;
  if (c) {
    fees += c.feeCents;
    if (c.interestCents !== null)
      arrears += Math.max(0, prorate(c.interestCents, diffDays(c.startDate, date), diffDays(c.startDate, c.dueDate)) - c.interestPaidCents);
  }
  return { principalCents: ledger.principalCents, arrearsCents: cents(arrears), feesCents: cents(fees) };
}

/** {@link rollTo} within the schedule segment in force. */
function rollWithin(ledger: Ledger, date: IsoDate): Ledger {
  const s = ledger.schedule;
  const seg = segmentInForce(ledger);
  const nextSeg = s.segments?.[(ledger.segmentIndex ?? 0) + 1];
  const rate = seg.periodicRate;
  const count = seg.lastN;
  let current = ledger.current;
  let pastDue = ledger.pastDue;
  let notYetDue = ledger.principalCents - pastDuePrincipal(pastDue);
  let arrears: number = ledger.arrearsCents ?? 0;
  while (current) {
    if (current.interestCents === null) {
      if (current.startDate >= date) break;
      current = {
        n: current.n,
        startDate: current.startDate,
        dueDate: current.dueDate,
        interestCents: applyRatio(notYetDue, rate),
        interestPaidCents: current.interestPaidCents,
        feeCents: current.feeCents,
      };
    }
    if (current.dueDate > date) break;
    const step = amortisationStep(cents(notYetDue), rate, seg.paymentCents, current.n, count, current.interestCents as Cents);
    const part = arrearsPart(seg, current.n, arrears, step.final);
    const unpaidInterest = (current.interestCents as number) - current.interestPaidCents + part;
    arrears -= part;
    if (current.feeCents + unpaidInterest + step.principalCents > 0) {
      if (pastDue === ledger.pastDue) pastDue = [...pastDue];
      (pastDue as InstallmentDue[]).push({
        n: current.n,
        dueDate: current.dueDate,
        feeCents: current.feeCents,
        interestCents: cents(unpaidInterest),
        principalCents: step.principalCents,
      });
    }
    notYetDue -= step.principalCents;
    // Under the run before a plan, the period the plan takes over keeps that run's due date.
    const next = nextSeg && current.n + 1 === nextSeg.fromN ? (nextSeg.priorDueDate ?? undefined) : s.dueDates[current.n];
    current =
      step.final || (notYetDue === 0 && arrears === 0) || next === undefined
        ? null
        : { n: current.n + 1, startDate: current.dueDate, dueDate: next, interestCents: null, interestPaidCents: cents(0), feeCents: cents(0) };
  }
  return withPlanState({ schedule: s, asOf: date, principalCents: ledger.principalCents, pastDue, current }, ledger, arrears);
}

/** `next` with the payment-plan fields of `from` (arrears as given), only when a plan is involved (a plain loan's ledger keeps its shape). */
function withPlanState(next: Ledger, from: Ledger, arrears: number = from.arrearsCents ?? 0): Ledger {
  if (from.segmentIndex === undefined && from.arrearsCents === undefined && arrears === 0) return next;
  return { ...next, arrearsCents: cents(arrears), segmentIndex: from.segmentIndex ?? 0 };
}

/**
 * THE accrual function: rolls the ledger to `date` and states what is owed — past-due installments
 * and the interest earned (pro rata by days, half-up) on the installment in progress.
 * Payoff and allocation both read this and nothing else.
 */
export function accrue(ledger: Ledger, date: IsoDate): Accrual {
  const rolled = rollTo(ledger, date);
  const c = rolled.current;
  if (!c) return { ledger: rolled, date, pastDue: rolled.pastDue, inProgress: null, perDiemCents: cents(0) };
  const notYetDue = rolled.principalCents - pastDuePrincipal(rolled.pastDue);
  const periodInterest = c.interestCents ?? applyRatio(notYetDue, segmentInForce(rolled).periodicRate);
  const daysInPeriod = diffDays(c.startDate, c.dueDate);
  const daysElapsed = diffDays(c.startDate, date);
  const earned = prorate(periodInterest, daysElapsed, daysInPeriod);
  return {
    ledger: rolled,
    date,
    pastDue: rolled.pastDue,
    inProgress: {
      n: c.n,
      startDate: c.startDate,
      dueDate: c.dueDate,
      daysElapsed,
      daysInPeriod,
      periodInterestCents: cents(periodInterest),
      unpaidEarnedInterestCents: cents(Math.max(0, earned - c.interestPaidCents)),
      feeCents: c.feeCents,
    },
    perDiemCents: roundHalfUp(periodInterest, daysInPeriod),
  };
}

/** Payoff on `date`: principal + unpaid past-due interest + earned interest in progress + unpaid fees. */
export function payoff(ledger: Ledger, date: IsoDate): Payoff {
  const a = accrue(ledger, date);
  let interest = (a.inProgress?.unpaidEarnedInterestCents ?? 0) + (a.ledger.arrearsCents ?? 0);
  let fees = a.inProgress?.feeCents ?? 0;
  for (const i of a.pastDue) {
    interest += i.interestCents;
    fees += i.feeCents;
  }
  const principal = a.ledger.principalCents;
  return {
    asOf: date,
    payoffCents: cents(principal + interest + fees),
    perDiemCents: a.perDiemCents,
    principalCents: principal,
    interestCents: cents(interest),
    feesCents: cents(fees),
  };
}

/** Applies a payment received on `date` (see the module doc for the order). Never creates or loses a cent. */
export function allocatePayment(ledger: Ledger, date: IsoDate, amountCents: number): { ledger: Ledger; allocation: Allocation } {
  if (!Number.isSafeInteger(amountCents) || amountCents <= 0) throw new RangeError('payment amount must be a positive number of cents');
  const a = accrue(ledger, date);
  let left = amountCents;
  let fees = 0;
  let interest = 0;
  let duePrincipal = 0;
  let principal: number = a.ledger.principalCents;
  const perInstallment: { n: number; feesCents: Cents; interestCents: Cents; principalCents: Cents }[] = [];
  const pastDue: InstallmentDue[] = [];
  for (const inst of a.pastDue) {
    const f = Math.min(left, inst.feeCents);
    left -= f;
    const i = Math.min(left, inst.interestCents);
    left -= i;
    const p = Math.min(left, inst.principalCents);
    left -= p;
    fees += f;
    interest += i;
    duePrincipal += p;
    principal -= p;
    if (f + i + p > 0) perInstallment.push({ n: inst.n, feesCents: cents(f), interestCents: cents(i), principalCents: cents(p) });
    if (f + i + p < inst.feeCents + inst.interestCents + inst.principalCents) {
      pastDue.push({
        n: inst.n,
        dueDate: inst.dueDate,
        feeCents: cents(inst.feeCents - f),
        interestCents: cents(inst.interestCents - i),
        principalCents: cents(inst.principalCents - p),
      });
    }
  }
  let current = a.ledger.current;
  let prepaid = 0;
  let arrears: number = a.ledger.arrearsCents ?? 0;
  if (current && a.inProgress) {
    const f = Math.min(left, current.feeCents);
    left -= f;
    const i = Math.min(left, a.inProgress.unpaidEarnedInterestCents);
    left -= i;
    // A payment plan's arrears not yet due (interest owed when it took over) before any principal.
    const ar = Math.min(left, arrears);
    left -= ar;
    arrears -= ar;
    fees += f;
    interest += i + ar;
    prepaid = Math.min(left, principal - pastDuePrincipal(pastDue));
    left -= prepaid;
    principal -= prepaid;
    if (f + i + ar + prepaid > 0) perInstallment.push({ n: current.n, feesCents: cents(f), interestCents: cents(i + ar), principalCents: cents(prepaid) });
    current = {
      n: current.n,
      startDate: current.startDate,
      dueDate: current.dueDate,
      interestCents: current.interestCents,
      feeCents: cents(current.feeCents - f),
      interestPaidCents: cents(current.interestPaidCents + i),
    };
  }
  // Principal gone: the loan is closed; interest not yet earned in the running period is not charged.
  if (principal === 0 && pastDue.length === 0 && arrears === 0) current = null;
  const next: Ledger = withPlanState(
    { schedule: a.ledger.schedule, asOf: a.ledger.asOf, principalCents: cents(principal), pastDue, current },
    a.ledger,
    arrears,
  );
  return {
    ledger: next,
    allocation: {
      date,
      amountCents: cents(amountCents),
      feesCents: cents(fees),
      interestCents: cents(interest),
      principalCents: cents(duePrincipal),
      prepaidPrincipalCents: cents(prepaid),
      unappliedCents: cents(left),
      installments: perInstallment,
    },
  };
}

/**
 * Assesses a fee (late fee, returned-payment fee…) on `date`, attached to installment `installment`
 * when given, else to the oldest past-due installment, else to the installment in progress.
 */
export function assessFee(ledger: Ledger, date: IsoDate, amountCents: number, installment?: number): Ledger {
  if (!Number.isSafeInteger(amountCents) || amountCents <= 0) throw new RangeError('fee amount must be a positive number of cents');
  const rolled = rollTo(ledger, date);
  const idx = installment === undefined ? (rolled.pastDue.length > 0 ? 0 : -1) : rolled.pastDue.findIndex((i) => i.n === installment);
  if (idx >= 0) {
    const pastDue = rolled.pastDue.map((i, k) => (k === idx ? { ...i, feeCents: cents(i.feeCents + amountCents) } : i));
    return { ...rolled, pastDue };
  }
  const c = rolled.current;
  if (c && (installment === undefined || installment === c.n)) return { ...rolled, current: { ...c, feeCents: cents(c.feeCents + amountCents) } };
  throw new RangeError(
    installment === undefined ? 'the loan is closed: no installment to attach the fee to' : `installment ${String(installment)} is not open`,
  );
}

/** Replays events in date order (stable for the same date) from disbursement; rolls to `asOf` when given. */
export function replay(schedule: LoanSchedule, events: readonly LoanEvent[], asOf?: IsoDate): { ledger: Ledger; allocations: Allocation[] } {
  const ordered = events.map((e, k) => ({ e, k })).sort((x, y) => (x.e.date < y.e.date ? -1 : x.e.date > y.e.date ? 1 : x.k - y.k));
  let ledger = openLedger(schedule);
  const allocations: Allocation[] = [];
  for (const { e } of ordered) {
    if (asOf !== undefined && e.date > asOf) throw new RangeError(`event on ${e.date} is after ${asOf}`);
    if (e.date < schedule.terms.disbursementDate) throw new RangeError(`event on ${e.date} is before the disbursement date`);
    if (e.kind === 'payment') {
      const r = allocatePayment(ledger, e.date, e.amountCents);
      ledger = r.ledger;
      allocations.push(r.allocation);
    } else {
      ledger = assessFee(ledger, e.date, e.amountCents, e.installment);
    }
  }
  return { ledger: asOf === undefined ? ledger : rollTo(ledger, asOf), allocations };
}

/** Payoff of a scheduled loan on `asOf` after the given payments (all dated on or before `asOf`). */
export function payoffAsOf(schedule: LoanSchedule, payments: readonly { readonly date: IsoDate; readonly amountCents: number }[], asOf: IsoDate): Payoff {
  if (asOf < schedule.terms.disbursementDate) throw new RangeError('as-of date is before the disbursement date');
  const { ledger } = replay(
    schedule,
    payments.map((p) => ({ kind: 'payment' as const, ...p })),
    asOf,
  );
  return payoff(ledger, asOf);
}

/**
 * A projected row of the remaining (re-amortised) schedule: a schedule row whose payment leaves out the
 * past-due amounts, whose interest is the still unpaid part for the period in progress, and whose
 * balance is the principal not yet due after the row.
 */
export type ProjectedRow = ScheduleRow;

/** The remaining rows from the installment in progress, assuming every future payment is made on time. */
export function projectRemainingSchedule(ledger: Ledger): ProjectedRow[] {
  const c = ledger.current;
  if (!c) return [];
  const s = ledger.schedule;
  const seg = segmentInForce(ledger);
  const count = seg.lastN;
  let balance = ledger.principalCents - pastDuePrincipal(ledger.pastDue);
  let arrears: number = ledger.arrearsCents ?? 0;
  const rows: ProjectedRow[] = [];
  for (let n = c.n; n <= count && balance + arrears > 0; n++) {
    const fixed = n === c.n && c.interestCents !== null ? c.interestCents : undefined;
    const step = amortisationStep(cents(balance), seg.periodicRate, seg.paymentCents, n, count, fixed);
    const part = arrearsPart(seg, n, arrears, step.final);
    arrears -= part;
    const interest = (n === c.n ? step.interestCents - c.interestPaidCents : step.interestCents) + part;
    balance -= step.principalCents;
    rows.push({
      n,
      dueDate: s.dueDates[n - 1] as IsoDate,
      paymentCents: cents(interest + step.principalCents),
      interestCents: cents(interest),
      principalCents: step.principalCents,
      balanceCents: cents(balance),
    });
    if (step.final) break;
  }
  return rows;
}
