/**
 * Loan status rules of servicing (spec §3 statuses): days past due counted from the schedule, the
 * default and charge-off thresholds as configuration, closed_paid at a zero balance.
 *
 * Days past due = business date − due date of the OLDEST installment that still has something unpaid
 * (calendar days; 0 when nothing is past due). Thresholds (see docs/servicing-operations.md):
 * - default: 30 days past due — the signed note's Default clause ("if you do not pay an installment in
 *   full within 30 days after its due date");
 * - charge_off: 120 days past due (the FFIEC Uniform Retail Credit Classification policy for
 *   closed-end consumer credit).
 * A status only moves forward: default and charge_off are not cured by later payments (a cure is a
 * servicer's decision, outside the daily run); closed_refinanced is set by the refinance, never here.
 */
import { diffDays } from '../dates';
import type { IsoDate } from '../dates';

/** Loan statuses of spec §3, ordered 0 to 5. */
export const LOAN_STATUSES = ['pending', 'opened', 'closed_refinanced', 'closed_paid', 'default', 'charge_off'] as const;
/** A loan status. */
export type LoanStatus = (typeof LOAN_STATUSES)[number];

/** Thresholds, in days past due. */
export interface StatusThresholds {
  /** Days past due from which an opened loan is in default. */
  readonly defaultDays: number;
  /** Days past due from which the loan is charged off. */
  readonly chargeOffDays: number;
}

/** Documented defaults: default at 30 days past due (the note), charge-off at 120 (closed-end consumer credit). */
export const DEFAULT_STATUS_THRESHOLDS: StatusThresholds = { defaultDays: 30, chargeOffDays: 120 };

/** Validates thresholds: positive integers, default strictly before charge-off. */
export function statusThresholds(defaultDays: number, chargeOffDays: number): StatusThresholds {
  if (!Number.isSafeInteger(defaultDays) || defaultDays <= 0) throw new RangeError(`default threshold must be a positive number of days: ${String(defaultDays)}`);
  if (!Number.isSafeInteger(chargeOffDays) || chargeOffDays <= defaultDays) {
    throw new RangeError(`charge-off threshold must be a whole number of days above the default threshold: ${String(chargeOffDays)}`);
  }
  return { defaultDays, chargeOffDays };
}

/** Days past due on `businessDate`: from the due date of the oldest installment with something unpaid; 0 when none. */
export function daysPastDue(oldestUnpaidDueDate: IsoDate | null, businessDate: IsoDate): number {
  if (oldestUnpaidDueDate === null) return 0;
  const days = diffDays(oldestUnpaidDueDate, businessDate);
  return days > 0 ? days : 0;
}

/** The facts the status rule reads. */
export interface StatusFacts {
  /** Status now. */
  readonly status: LoanStatus;
  /** What it takes to close the loan (principal, interest and fees owed); 0 means paid. */
  readonly balanceCents: number;
  /** Days past due on the business date. */
  readonly daysPastDue: number;
}

/** True for a status from which servicing moves nothing (closed or written off). */
export function isTerminalStatus(status: LoanStatus): boolean {
  return status === 'closed_paid' || status === 'closed_refinanced' || status === 'charge_off';
}

const RANK: Record<LoanStatus, number> = { pending: 0, opened: 1, default: 2, charge_off: 3, closed_paid: 4, closed_refinanced: 4 };

/**
 * The status a loan should have given its facts. Never moves a loan backwards (default → opened) and
 * never touches pending (not funded) or terminal loans. A zero balance closes the loan as paid, from
 * opened or default; a charged-off loan stays charged off (recoveries do not reopen it).
 */
export function nextLoanStatus(facts: StatusFacts, thresholds: StatusThresholds = DEFAULT_STATUS_THRESHOLDS): LoanStatus {
  const { status } = facts;
  if (status === 'pending' || isTerminalStatus(status)) return status;
  if (facts.balanceCents <= 0) return 'closed_paid';
  let target: LoanStatus = 'opened';
  if (facts.daysPastDue >= thresholds.chargeOffDays) target = 'charge_off';
  else if (facts.daysPastDue >= thresholds.defaultDays) target = 'default';
  return RANK[target] > RANK[status] ? target : status;
}
