/**
 * Truth in Lending disclosures of a scheduled loan: amount financed, finance charge (all scheduled
 * interest + the prepaid fee), total of payments (= amount financed + finance charge) and the APR
 * (Appendix J actuarial method on the real dates: the disbursement date and each contractual due date).
 */
import { cents } from '../money';
import type { Cents } from '../money';
import { singleAdvanceApr, unitPeriodFor } from './apr';
import { buildSchedule } from './schedule';
import type { LoanSchedule, LoanTerms } from './schedule';

/** The federal box. */
export interface Disclosure {
  /** Amount financed. */
  readonly amountFinancedCents: Cents;
  /** Finance charge: scheduled interest + prepaid finance charge (the fee). */
  readonly financeChargeCents: Cents;
  /** Total of payments: sum of all scheduled payments. */
  readonly totalOfPaymentsCents: Cents;
  /** Prepaid finance charge (the origination / document preparation fee). */
  readonly prepaidFinanceChargeCents: Cents;
  /** APR in percent with 4 decimals (disclose with `formatAprForDisclosure`). */
  readonly aprPercent: string;
}

/** Computes the disclosures of a schedule. Invariant: total of payments = amount financed + finance charge. */
export function disclose(schedule: LoanSchedule): Disclosure {
  const fee = schedule.terms.originationFeeCents;
  const financeCharge = cents(schedule.totalInterestCents + fee);
  const apr = singleAdvanceApr(
    schedule.amountFinancedCents,
    schedule.terms.disbursementDate,
    schedule.rows.map((r) => ({ date: r.dueDate, amountCents: r.paymentCents })),
    unitPeriodFor(schedule.terms.frequency),
  );
  return {
    amountFinancedCents: schedule.amountFinancedCents,
    financeChargeCents: financeCharge,
    totalOfPaymentsCents: schedule.totalOfPaymentsCents,
    prepaidFinanceChargeCents: cents(fee),
    aprPercent: apr.aprPercent,
  };
}

/** A schedule with its disclosures. */
export interface LoanQuote {
  /** The contractual schedule. */
  readonly schedule: LoanSchedule;
  /** Its disclosures. */
  readonly disclosure: Disclosure;
}

/** Builds the schedule of `terms` and discloses it. */
export function quoteLoan(terms: LoanTerms): LoanQuote {
  const schedule = buildSchedule(terms);
  return { schedule, disclosure: disclose(schedule) };
}
