/**
 * Level-payment amortisation schedule.
 *
 * r = annual nominal rate / periods per year (exact rational);
 * payment = round_half_up(L·r / (1 − (1 + r)^−n)) on the note principal L, computed exactly with
 * BigInt (zero rate: round_half_up(L / n)); each row's interest = round_half_up(balance × r),
 * principal = payment − interest; the final row (row n, or an earlier row whose balance plus
 * interest does not exceed the payment) pays the remaining balance plus its interest.
 * Interest is per period: an odd first period does not change the first row's interest.
 */
import { applyRatio, cents, parseAnnualRatePercent, periodicRate, roundHalfUp } from '../money';
import type { AnnualRate, Cents, Ratio } from '../money';
import { diffDays } from '../dates';
import type { IsoDate } from '../dates';
import { dueDates } from './due-dates';
import { periodsPerYear } from './frequency';
import type { Frequency } from './frequency';

/** The terms of a loan as contracted. */
export interface LoanTerms {
  /** Amount requested by the borrower, in cents. */
  readonly amountCents: Cents;
  /** Origination (or document preparation) fee — a prepaid finance charge — in cents. */
  readonly originationFeeCents: Cents;
  /** True: the fee is added to the note; false (`fee_not_financed`): it is withheld from the proceeds. */
  readonly feeFinanced: boolean;
  /** Annual nominal rate in percent, exact decimal text (e.g. `"24.99"`). */
  readonly annualRatePercent: string;
  /** Payment frequency. */
  readonly frequency: Frequency;
  /** Number of scheduled payments. */
  readonly numberOfPayments: number;
  /** Date the money is advanced (start of the term). */
  readonly disbursementDate: IsoDate;
  /** First contractual due date (after the disbursement date). */
  readonly firstPaymentDate: IsoDate;
}

/** One row of the schedule. */
export interface ScheduleRow {
  /** Installment number, 1-based. */
  readonly n: number;
  /** Contractual due date. */
  readonly dueDate: IsoDate;
  /** Payment = interest + principal. */
  readonly paymentCents: Cents;
  /** Interest of the period. */
  readonly interestCents: Cents;
  /** Principal repaid by the row. */
  readonly principalCents: Cents;
  /** Principal balance after the row. */
  readonly balanceCents: Cents;
}

/** The principal amounts implied by the fee treatment. */
export interface FeeTreatment {
  /** Principal of the note (what bears interest). */
  readonly notePrincipalCents: Cents;
  /** Amount financed (Regulation Z): note principal less the prepaid finance charge. */
  readonly amountFinancedCents: Cents;
  /** Cash the borrower receives on the disbursement date. */
  readonly disbursedCents: Cents;
}

/** A loan's contractual schedule with everything servicing needs. */
export interface LoanSchedule extends FeeTreatment {
  /** The terms the schedule was built from. */
  readonly terms: LoanTerms;
  /** The parsed annual rate. */
  readonly annualRate: AnnualRate;
  /** Exact periodic rate r. */
  readonly periodicRate: Ratio;
  /** Level payment. */
  readonly regularPaymentCents: Cents;
  /** Last row's payment (may differ from the level payment by a few cents). */
  readonly finalPaymentCents: Cents;
  /** Sum of the rows' interest. */
  readonly totalInterestCents: Cents;
  /** Sum of all payments. */
  readonly totalOfPaymentsCents: Cents;
  /** The rows. */
  readonly rows: readonly ScheduleRow[];
  /** All contractual due dates (one per scheduled payment). */
  readonly dueDates: readonly IsoDate[];
  /**
   * A restructured schedule (a payment plan, docs/payment-plans.md): the terms each run of installments
   * is serviced on, oldest first (the first is the contract's own). Absent: one run, the fields above.
   */
  readonly segments?: readonly ScheduleSegment[];
}

/**
 * One run of installments serviced on the same terms: the contract's (from installment 1), or a payment
 * plan's (from `fromN`, taking over at the start of `startDate`). A plan's installments also carry a
 * level part of the arrears (interest owed when the plan took over, never capitalised); the last one
 * takes what is left of the principal and the arrears.
 */
export interface ScheduleSegment {
  /** First installment of the run. */
  readonly fromN: number;
  /** Last installment of the run (its final row). */
  readonly lastN: number;
  /** The day the run takes over (the disbursement date for the contract's run). */
  readonly startDate: IsoDate;
  /** Annual nominal rate of the run, percent text. */
  readonly annualRatePercent: string;
  /** Periodic rate of the run. */
  readonly periodicRate: Ratio;
  /** Level principal-and-interest payment of the run. */
  readonly paymentCents: Cents;
  /** Level arrears part of each installment of the run (0 for the contract's run). */
  readonly arrearsPerInstallmentCents: Cents;
  /**
   * The due date installment `fromN` had under the run before it (the period in progress when this run
   * took over), null when none was in progress; the contract's run: null.
   */
  readonly priorDueDate: IsoDate | null;
}

/** The contract's run as a segment (a schedule not restructured by a payment plan). */
export function contractSegment(s: LoanSchedule): ScheduleSegment {
  return {
    fromN: 1,
    lastN: s.terms.numberOfPayments,
    startDate: s.terms.disbursementDate,
    annualRatePercent: s.terms.annualRatePercent,
    periodicRate: s.periodicRate,
    paymentCents: s.regularPaymentCents,
    arrearsPerInstallmentCents: cents(0),
    priorDueDate: null,
  };
}

/**
 * Fee treatment: financed → note = amount + fee, amount financed = amount, borrower receives amount;
 * not financed → note = amount, amount financed = amount − fee, borrower receives amount − fee.
 */
export function applyFeeTreatment(amountCents: Cents, feeCents: Cents, feeFinanced: boolean): FeeTreatment {
  if (feeFinanced) return { notePrincipalCents: cents(amountCents + feeCents), amountFinancedCents: cents(amountCents), disbursedCents: cents(amountCents) };
  return { notePrincipalCents: cents(amountCents), amountFinancedCents: cents(amountCents - feeCents), disbursedCents: cents(amountCents - feeCents) };
}

/** Exact level payment round_half_up(L·r / (1 − (1 + r)^−n)); zero rate: round_half_up(L / n). */
export function levelPayment(principalCents: Cents, rate: Ratio, n: number): Cents {
  if (!Number.isInteger(n) || n < 1) throw new RangeError(`number of payments must be a positive integer: ${String(n)}`);
  if (rate.num === 0) return roundHalfUp(principalCents, n);
  // r = N/D: payment = L·N·(D+N)^n / (D·((D+N)^n − D^n)), exactly.
  const N = BigInt(rate.num);
  const Dn = BigInt(rate.den);
  const grown = (Dn + N) ** BigInt(n);
  const base = Dn ** BigInt(n);
  return roundHalfUp(BigInt(principalCents) * N * grown, Dn * (grown - base));
}

/** One amortisation step, shared by the schedule and by servicing so both agree to the cent. */
export interface AmortisationStep {
  /** Interest of the period: round_half_up(balance × r). */
  readonly interestCents: Cents;
  /** Principal due with the row. */
  readonly principalCents: Cents;
  /** True when the row is the last one (it pays the whole remaining balance). */
  readonly final: boolean;
}

/**
 * Row `n` of `count` with `balance` outstanding: interest on the balance, principal = payment − interest,
 * except that row `count` — or any row where balance + interest ≤ payment — pays the whole balance.
 * `interestCents` may be given when it was already fixed (servicing fixes it at the period start).
 */
export function amortisationStep(balanceCents: Cents, rate: Ratio, paymentCents: Cents, n: number, count: number, interestCents?: Cents): AmortisationStep {
  const interest = interestCents ?? applyRatio(balanceCents, rate);
  const final = n >= count || balanceCents + interest <= paymentCents;
  return { interestCents: cents(interest), principalCents: cents(final ? balanceCents : paymentCents - interest), final };
}

/** Validates terms and builds the contractual schedule. Throws a RangeError naming the bad term. */
export function buildSchedule(terms: LoanTerms): LoanSchedule {
  const { amountCents, originationFeeCents, numberOfPayments: count } = terms;
  if (!Number.isSafeInteger(amountCents) || amountCents <= 0) throw new RangeError('amount must be a positive number of cents');
  if (!Number.isSafeInteger(originationFeeCents) || originationFeeCents < 0) throw new RangeError('origination fee must be zero or a positive number of cents');
  if (!terms.feeFinanced && originationFeeCents >= amountCents) throw new RangeError('a fee not financed must be smaller than the amount');
  if (!Number.isInteger(count) || count < 1 || count > 1000) throw new RangeError('number of payments must be an integer from 1 to 1000');
  if (diffDays(terms.disbursementDate, terms.firstPaymentDate) <= 0) throw new RangeError('first payment date must be after the disbursement date');
  const annualRate = parseAnnualRatePercent(terms.annualRatePercent);
  const rate = periodicRate(annualRate, periodsPerYear(terms.frequency));
  const fees = applyFeeTreatment(amountCents, originationFeeCents, terms.feeFinanced);
  const payment = levelPayment(fees.notePrincipalCents, rate, count);
  if (payment <= applyRatio(fees.notePrincipalCents, rate))
    throw new RangeError('the level payment does not amortise the loan (amount too small for the number of payments)');
  const dates = dueDates(terms.frequency, terms.firstPaymentDate, count);
  const rows: ScheduleRow[] = [];
  let balance: number = fees.notePrincipalCents;
  let totalInterest = 0;
  let totalPaid = 0;
  for (let n = 1; n <= count && balance > 0; n++) {
    const step = amortisationStep(cents(balance), rate, payment, n, count);
    balance -= step.principalCents;
    totalInterest += step.interestCents;
    const pay = step.interestCents + step.principalCents;
    totalPaid += pay;
    rows.push({
      n,
      dueDate: dates[n - 1] as IsoDate,
      paymentCents: cents(pay),
      interestCents: step.interestCents,
      principalCents: step.principalCents,
      balanceCents: cents(balance),
    });
    if (step.final) break;
  }
  const last = rows[rows.length - 1] as ScheduleRow;
  return {
    terms,
    annualRate,
    periodicRate: rate,
    ...fees,
    regularPaymentCents: payment,
    finalPaymentCents: last.paymentCents,
    totalInterestCents: cents(totalInterest),
    totalOfPaymentsCents: cents(totalPaid),
    rows,
    dueDates: dates,
  };
}
