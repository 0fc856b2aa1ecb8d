/**
 * Payment plans (restructures) of a loan that is past due or in hardship (docs/payment-plans.md). A
 * plan is a revision of the schedule of record: from its effective day (the business day the borrower
 * signs; it takes over at the start of that day) the loan is serviced on new installments.
 *
 * What a plan does, whatever its kind:
 * - the principal owed (past-due principal included) is re-amortised at the plan's rate (never above the
 *   rate in force) over the plan's installments — no new money, nothing capitalised;
 * - the interest owed on the effective day (past due, and earned so far on the period in progress) is
 *   the plan's **arrears**: spread in level parts over its installments WITHOUT interest (the last takes
 *   the rest); a payment beyond what is due pays them before any principal;
 * - unpaid late fees are waived (policy: a plan never carries or capitalises fees).
 *
 * Kinds:
 * - `spread_past_due`: the installments still to come keep their dates (those at least
 *   {@link PAYMENT_PLAN_POLICY.firstDueMinDays} days after the proposal) and the rate in force; what is past
 *   due is spread over them.
 * - `re_amortize`: a chosen number of installments from a chosen first due date, at the rate in force or
 *   a lower one.
 *
 * The plan's disclosure (Truth in Lending figures, re-disclosed): amount financed = principal + arrears
 * (+ fees carried, none under the policy), finance charge = the new interest, total of payments = the sum
 * of the plan's installments (= amount financed + finance charge), APR on the plan's dates from the
 * effective day (Appendix J). Pure: no clock, the caller gives the business day.
 */
import { addDays, diffDays } from '../dates';
import type { IsoDate } from '../dates';
import { applyRatio, cents, parseAnnualRatePercent, periodicRate } from '../money';
import type { Cents, Ratio } from '../money';
import { singleAdvanceApr, unitPeriodFor } from './apr';
import { dueDates as frequencyDueDates } from './due-dates';
import { periodsPerYear } from './frequency';
import { PAYMENT_KINDS, positionAsOf } from './ledger';
import type { LedgerEntry } from './ledger';
import { amortisationStep, contractSegment, levelPayment } from './schedule';
import type { LoanSchedule, ScheduleRow, ScheduleSegment } from './schedule';
import { segmentInForce, takeoverAmounts } from './servicing';

/** Policy constants of payment plans. */
export const PAYMENT_PLAN_POLICY = {
  /** A proposal not signed within this many days (business dates) expires. */
  expiryDays: 7,
  /** The plan's first installment is at least this many days after the proposal (after the expiry: it is always ahead when signed). */
  firstDueMinDays: 7,
  /** …and at most this many. */
  firstDueMaxDays: 45,
  /** Installments of a re-amortisation. */
  minInstallments: 1,
  maxInstallments: 60,
} as const;

export const PAYMENT_PLAN_KINDS = ['spread_past_due', 're_amortize'] as const;
export type PaymentPlanKind = (typeof PAYMENT_PLAN_KINDS)[number];

/** What a servicer proposes. */
export interface PaymentPlanTerms {
  readonly kind: PaymentPlanKind;
  /** `re_amortize`: number of installments. */
  readonly installments?: number;
  /** `re_amortize`: annual rate in percent text, at most the rate in force (default: the rate in force). */
  readonly annualRatePercent?: string;
  /** `re_amortize`: first due date. */
  readonly firstDueDate?: IsoDate;
}

/** The loan as a plan reads it. */
export interface PaymentPlanBasis {
  /** The schedule in force (earlier revisions and plans applied). */
  readonly schedule: LoanSchedule;
  readonly entries: readonly LedgerEntry[];
  /** The business day the plan takes effect (today when quoted, the signing day when applied). */
  readonly effectiveDate: IsoDate;
  /** The business day it was proposed (its date windows count from it). */
  readonly proposedOn: IsoDate;
  /** Loan status. */
  readonly status: string;
  /** Payments the loan book accepted that the ledger does not hold yet. */
  readonly paymentsOnTheirWay: number;
}

/** One installment of a plan. */
export interface PaymentPlanRow {
  readonly n: number;
  readonly dueDate: IsoDate;
  /** What the borrower pays: principal + interest + arrears part (+ fees carried, first row). */
  readonly paymentCents: Cents;
  readonly principalCents: Cents;
  /** New interest of the period. */
  readonly interestCents: Cents;
  /** Part of the arrears (interest owed when the plan took over), without interest. */
  readonly arrearsCents: Cents;
  /** Fees carried (first row only; none under the policy). */
  readonly feesCents: Cents;
  /** Principal left after the row. */
  readonly balanceCents: Cents;
}

/** The plan as stored with the loan (`loans.payment_plans`): everything {@link withPaymentPlan} needs. */
export interface StoredPaymentPlan {
  readonly fromN: number;
  readonly lastN: number;
  readonly startDate: string;
  readonly annualRatePercent: string;
  readonly paymentCents: number;
  readonly arrearsPerInstallmentCents: number;
  readonly priorDueDate: string | null;
  /** Due dates in force of installments 1..fromN−1 when the plan took over. */
  readonly priorDueDates: readonly string[];
  readonly rows: readonly { n: number; dueDate: string; paymentCents: number; interestCents: number; principalCents: number; balanceCents: number }[];
}

/** The Truth in Lending figures of a plan. */
export interface PaymentPlanDisclosure {
  readonly amountFinancedCents: Cents;
  readonly financeChargeCents: Cents;
  readonly totalOfPaymentsCents: Cents;
  readonly aprPercent: string;
}

/** A quoted plan: what the servicer previews, the borrower signs and the loan book applies. */
export interface PaymentPlanQuote {
  readonly kind: PaymentPlanKind;
  readonly effectiveDate: IsoDate;
  readonly annualRatePercent: string;
  readonly installments: number;
  /** Principal owed when the plan takes over (= the sum of the rows' principal). */
  readonly principalCents: Cents;
  /** Interest owed when it takes over, spread without interest. */
  readonly arrearsCents: Cents;
  /** Unpaid late fees the plan waives. */
  readonly feesWaivedCents: Cents;
  /** Late-fee entries waived (their ids). */
  readonly waivedFeeEntryIds: readonly number[];
  /** Level principal-and-interest payment. */
  readonly levelPaymentCents: Cents;
  readonly rows: readonly PaymentPlanRow[];
  readonly disclosure: PaymentPlanDisclosure;
  readonly before: {
    readonly paymentPerTermCents: Cents;
    readonly daysPastDue: number;
    readonly pastDueCents: Cents;
    readonly payoffCents: Cents;
    readonly remainingInstallments: number;
    readonly maturityDate: IsoDate;
    readonly annualRatePercent: string;
  };
  readonly stored: StoredPaymentPlan;
}

export const PAYMENT_PLAN_MSG = {
  notActive: 'A payment plan can be set up only for an active or defaulted loan.',
  nothingOwed: 'This loan has nothing left to restructure.',
  onItsWay: 'A payment is on its way on this loan. A plan can be proposed once it has posted.',
  postedToday: 'A payment was posted to this loan today. Propose the plan on the next business day, once it is part of the balance.',
  noneLeft: 'No installment is left to spread the past-due amount over: propose a re-amortisation instead.',
  installments: `Choose from ${PAYMENT_PLAN_POLICY.minInstallments} to ${PAYMENT_PLAN_POLICY.maxInstallments} installments.`,
  rate: 'The rate must be a percentage with up to 4 decimals, not above the rate in force.',
  firstDue: `The first due date must be ${PAYMENT_PLAN_POLICY.firstDueMinDays} to ${PAYMENT_PLAN_POLICY.firstDueMaxDays} days after the proposal.`,
  notAmortising: 'These installments do not repay the principal at this rate: choose fewer installments.',
} as const;

export type PaymentPlanRefusal = { ok: false; field?: 'installments' | 'annual_rate_percent' | 'first_due_date' | 'kind'; message: string };

/** Late-fee entries no waiver or reversal undoes. */
function openLateFees(entries: readonly LedgerEntry[]): LedgerEntry[] {
  const undone = new Set(entries.flatMap((e) => (e.reversesEntryId == null ? [] : [e.reversesEntryId])));
  return entries.filter((e) => e.kind === 'late_fee' && !undone.has(e.id));
}

/** `entries` with a waiver dated `on` of every open late fee (what applying a plan writes). */
export function withPlanWaivers(entries: readonly LedgerEntry[], on: IsoDate): LedgerEntry[] {
  let id = entries.reduce((m, e) => Math.max(m, e.id), 0);
  return [
    ...entries,
    ...openLateFees(entries).map((fee): LedgerEntry => ({
      id: ++id,
      kind: 'waiver',
      effectiveDate: on,
      amountCents: fee.amountCents,
      reversesEntryId: fee.id,
    })),
  ];
}

/** a ≤ b for exact ratios. */
function ratioAtMost(a: Ratio, b: Ratio): boolean {
  return BigInt(a.num) * BigInt(b.den) <= BigInt(b.num) * BigInt(a.den);
}

/** The schedule with a plan applied: installments before `fromN` kept (dates as they were in force), the plan's after. */
export function withPaymentPlan(schedule: LoanSchedule, plan: StoredPaymentPlan): LoanSchedule {
  const annualRate = parseAnnualRatePercent(plan.annualRatePercent);
  const rate = periodicRate(annualRate, periodsPerYear(schedule.terms.frequency));
  const segment: ScheduleSegment = {
    fromN: plan.fromN,
    lastN: plan.lastN,
    startDate: plan.startDate as IsoDate,
    annualRatePercent: plan.annualRatePercent,
    periodicRate: rate,
    paymentCents: cents(plan.paymentCents),
    arrearsPerInstallmentCents: cents(plan.arrearsPerInstallmentCents),
    priorDueDate: plan.priorDueDate as IsoDate | null,
  };
  const kept = schedule.rows.slice(0, plan.fromN - 1).map((r, i): ScheduleRow => ({ ...r, dueDate: (plan.priorDueDates[i] ?? r.dueDate) as IsoDate }));
  const added = plan.rows.map((r): ScheduleRow => ({
    n: r.n,
    dueDate: r.dueDate as IsoDate,
    paymentCents: cents(r.paymentCents),
    interestCents: cents(r.interestCents),
    principalCents: cents(r.principalCents),
    balanceCents: cents(r.balanceCents),
  }));
  const rows = [...kept, ...added];
  const last = rows[rows.length - 1] as ScheduleRow;
  return {
    ...schedule,
    terms: { ...schedule.terms, numberOfPayments: plan.lastN },
    annualRate,
    periodicRate: rate,
    regularPaymentCents: cents(plan.paymentCents + plan.arrearsPerInstallmentCents),
    finalPaymentCents: last.paymentCents,
    totalInterestCents: cents(rows.reduce((t, r) => t + r.interestCents, 0)),
    totalOfPaymentsCents: cents(rows.reduce((t, r) => t + r.paymentCents, 0)),
    rows,
    dueDates: rows.map((r) => r.dueDate),
    segments: [...(schedule.segments ?? [contractSegment(schedule)]), segment],
  };
}

/** {@link withPaymentPlan} for every plan applied, oldest first. */
export function withPaymentPlans(schedule: LoanSchedule, plans: readonly StoredPaymentPlan[] | null | undefined): LoanSchedule {
  return (plans ?? []).reduce(withPaymentPlan, schedule);
}

/**
 * THE plan of `terms` for the loan as of `basis.effectiveDate`: what the preview shows, what the borrower
 * signs and exactly what the loan book applies (it quotes again under the loan's lock).
 */
export function quotePaymentPlan(basis: PaymentPlanBasis, terms: PaymentPlanTerms): { ok: true; quote: PaymentPlanQuote } | PaymentPlanRefusal {
  const { schedule, effectiveDate: on } = basis;
  if (basis.status !== 'opened' && basis.status !== 'default') return { ok: false, message: PAYMENT_PLAN_MSG.notActive };
  if (basis.paymentsOnTheirWay > 0) return { ok: false, message: PAYMENT_PLAN_MSG.onItsWay };
  const asOf = on < schedule.terms.disbursementDate ? schedule.terms.disbursementDate : on;
  const before = positionAsOf(schedule, basis.entries, asOf);
  if (before.closed || before.chargeOff) return { ok: false, message: PAYMENT_PLAN_MSG.nothingOwed };
  const undone = new Set(basis.entries.flatMap((e) => (e.reversesEntryId == null ? [] : [e.reversesEntryId])));
  if (basis.entries.some((e) => PAYMENT_KINDS.has(e.kind) && e.effectiveDate >= asOf && !undone.has(e.id)))
    return { ok: false, message: PAYMENT_PLAN_MSG.postedToday };

  const waived = openLateFees(basis.entries);
  // The loan rolled to the start of the effective day, late fees waived (nothing else is dated that day).
  const start = positionAsOf(schedule, withPlanWaivers(basis.entries, asOf), asOf).ledger;
  const take = takeoverAmounts(start, asOf);
  if (take.principalCents <= 0) return { ok: false, message: PAYMENT_PLAN_MSG.nothingOwed };
  const inForce = segmentInForce(start);
  const fromN = start.current ? start.current.n : schedule.dueDates.filter((d) => d <= asOf).length + 1;
  const earliest = addDays(basis.proposedOn, PAYMENT_PLAN_POLICY.firstDueMinDays);

  let dates: IsoDate[];
  let ratePercent = inForce.annualRatePercent;
  if (terms.kind === 'spread_past_due') {
    dates = schedule.dueDates.slice(fromN - 1).filter((d) => d >= earliest);
    if (dates.length === 0) return { ok: false, field: 'kind', message: PAYMENT_PLAN_MSG.noneLeft };
  } else if (terms.kind === 're_amortize') {
    const n = terms.installments;
    if (n === undefined || !Number.isInteger(n) || n < PAYMENT_PLAN_POLICY.minInstallments || n > PAYMENT_PLAN_POLICY.maxInstallments)
      return { ok: false, field: 'installments', message: PAYMENT_PLAN_MSG.installments };
    const first = terms.firstDueDate;
    if (first === undefined || first < earliest || diffDays(basis.proposedOn, first) > PAYMENT_PLAN_POLICY.firstDueMaxDays)
      return { ok: false, field: 'first_due_date', message: PAYMENT_PLAN_MSG.firstDue };
    if (terms.annualRatePercent !== undefined) {
      if (!/^\d{1,3}(\.\d{1,4})?$/.test(terms.annualRatePercent)) return { ok: false, field: 'annual_rate_percent', message: PAYMENT_PLAN_MSG.rate };
      const r = periodicRate(parseAnnualRatePercent(terms.annualRatePercent), periodsPerYear(schedule.terms.frequency));
      if (!ratioAtMost(r, inForce.periodicRate)) return { ok: false, field: 'annual_rate_percent', message: PAYMENT_PLAN_MSG.rate };
      ratePercent = terms.annualRatePercent;
    }
    dates = frequencyDueDates(schedule.terms.frequency, first, n);
  } else {
    return { ok: false, field: 'kind', message: 'Choose a kind of plan.' };
  }

  const rate = periodicRate(parseAnnualRatePercent(ratePercent), periodsPerYear(schedule.terms.frequency));
  const count = dates.length;
  const lastN = fromN + count - 1;
  const level = levelPayment(take.principalCents, rate, count);
  if (count > 1 && level <= applyRatio(take.principalCents, rate)) return { ok: false, field: 'installments', message: PAYMENT_PLAN_MSG.notAmortising };
  const arrearsPer = Math.floor(take.arrearsCents / count);

  // The plan's rows, as the servicing engine will roll them when every installment is paid on its date.
  const rows: PaymentPlanRow[] = [];
  let balance: number = take.principalCents;
  let arrears: number = take.arrearsCents;
  for (let k = 0; k < count; k++) {
    const n = fromN + k;
    const step = amortisationStep(cents(balance), rate, level, n, lastN);
    const part = step.final || n >= lastN ? arrears : Math.min(arrearsPer, arrears);
    arrears -= part;
    balance -= step.principalCents;
    const fees = k === 0 ? take.feesCents : 0;
    rows.push({
      n,
      dueDate: dates[k]!,
      paymentCents: cents(step.principalCents + step.interestCents + part + fees),
      principalCents: step.principalCents,
      interestCents: step.interestCents,
      arrearsCents: cents(part),
      feesCents: cents(fees),
      balanceCents: cents(balance),
    });
    if (step.final) break;
  }
  const planLastN = rows[rows.length - 1]!.n;
  const amountFinanced = take.principalCents + take.arrearsCents + take.feesCents;
  const financeCharge = rows.reduce((t, r) => t + r.interestCents, 0);
  const totalOfPayments = rows.reduce((t, r) => t + r.paymentCents, 0);
  const apr = singleAdvanceApr(
    amountFinanced,
    asOf,
    rows.map((r) => ({ date: r.dueDate, amountCents: r.paymentCents })),
    unitPeriodFor(schedule.terms.frequency),
  ).aprPercent;

  const stored: StoredPaymentPlan = {
    fromN,
    lastN: planLastN,
    startDate: asOf,
    annualRatePercent: ratePercent,
    paymentCents: level,
    arrearsPerInstallmentCents: arrearsPer,
    priorDueDate: start.current?.dueDate ?? null,
    priorDueDates: schedule.dueDates.slice(0, fromN - 1),
    rows: rows.map((r) => ({
      n: r.n,
      dueDate: r.dueDate,
      paymentCents: r.paymentCents,
      interestCents: r.interestCents + r.arrearsCents + r.feesCents,
      principalCents: r.principalCents,
      balanceCents: r.balanceCents,
    })),
  };
  const pastDueCents = before.ledger.pastDue.reduce((t, i) => t + i.feeCents + i.interestCents + i.principalCents, 0);
  return {
    ok: true,
    quote: {
      kind: terms.kind,
      effectiveDate: asOf,
      annualRatePercent: ratePercent,
      installments: rows.length,
      principalCents: take.principalCents,
      arrearsCents: take.arrearsCents,
      feesWaivedCents: cents(waived.reduce((t, e) => t + e.amountCents, 0)),
      waivedFeeEntryIds: waived.map((e) => e.id),
      levelPaymentCents: level,
      rows,
      disclosure: {
        amountFinancedCents: cents(amountFinanced),
        financeChargeCents: cents(financeCharge),
        totalOfPaymentsCents: cents(totalOfPayments),
        aprPercent: apr,
      },
      before: {
        paymentPerTermCents: schedule.regularPaymentCents,
        daysPastDue: before.daysPastDue,
        pastDueCents: cents(pastDueCents),
        payoffCents: before.outstandingCents,
        remainingInstallments: before.remainingTerms,
        maturityDate: schedule.dueDates[schedule.dueDates.length - 1]!,
        annualRatePercent: inForce.annualRatePercent,
      },
      stored,
    },
  };
}
