/**
 * A revision of a loan's due dates after it opened: a due-date change (the borrower aligns the payments
 * with payday) or a hardship deferral (staff push the remaining payments out). Interest is per period in
 * the engine (an odd period does not change a row's interest), so a revision moves DATES only: every row
 * keeps its number, payment, interest, principal and balance, and the schedule's totals stay. What a
 * revision changes is the APR (it depends on the dates), which the caller re-discloses.
 *
 * The revised dates are stored with the loan (one date per row, in row order) and applied to the
 * contract schedule wherever servicing builds it, so every reader (positions, debits, remittances,
 * payoff, the dashboard) follows the same dates.
 */
import { diffDays, isIsoDate } from '../dates';
import type { IsoDate } from '../dates';
import { singleAdvanceApr, unitPeriodFor } from './apr';
import type { LoanSchedule, ScheduleRow } from './schedule';

/** Why a set of revised dates cannot apply to a schedule (a programming or data error: throws). */
export class ScheduleRevisionError extends RangeError {}

/**
 * Checks that `dueDates` can replace the schedule's dates: one valid date per row, strictly increasing,
 * the first after the disbursement date, and every row before `firstMovedN` left where it was.
 */
export function checkRevisedDueDates(schedule: LoanSchedule, dueDates: readonly string[], firstMovedN = 1): asserts dueDates is readonly IsoDate[] {
  if (dueDates.length !== schedule.rows.length) throw new ScheduleRevisionError(`a revision has ${dueDates.length} dates for ${schedule.rows.length} payments`);
  let previous: IsoDate = schedule.terms.disbursementDate;
  dueDates.forEach((d, i) => {
    if (!isIsoDate(d)) throw new ScheduleRevisionError(`revised due date ${i + 1} is not a date: ${d}`);
    if (diffDays(previous, d) <= 0) throw new ScheduleRevisionError(`revised due date ${i + 1} (${d}) is not after ${previous}`);
    const row = schedule.rows[i]!;
    if (row.n < firstMovedN && row.dueDate !== d) throw new ScheduleRevisionError(`payment ${row.n} may not move (${row.dueDate} → ${d})`);
    previous = d;
  });
}

/** The schedule with its rows' due dates replaced by `dueDates` (null: the schedule as contracted). */
export function withRevisedDueDates(schedule: LoanSchedule, dueDates: readonly string[] | null | undefined): LoanSchedule {
  if (!dueDates) return schedule;
  checkRevisedDueDates(schedule, dueDates);
  const rows: ScheduleRow[] = schedule.rows.map((r, i) => ({ ...r, dueDate: dueDates[i] as IsoDate }));
  return { ...schedule, rows, dueDates: rows.map((r) => r.dueDate) };
}

/** The APR (percent text, Regulation Z actuarial method) of a schedule's payments on their (revised) dates. */
export function scheduleAprPercent(schedule: LoanSchedule): string {
  const payments = schedule.rows.map((r) => ({ date: r.dueDate, amountCents: r.paymentCents }));
  return singleAdvanceApr(schedule.amountFinancedCents, schedule.terms.disbursementDate, payments, unitPeriodFor(schedule.terms.frequency)).aprPercent;
}
