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
import { deferralPlan, HARDSHIP_MSG } from '../care/hardship';
import { diffDays, isIsoDate } from '../dates';
import type { IsoDate } from '../dates';
import { singleAdvanceApr, unitPeriodFor } from './apr';
import { positionAsOf } from './ledger';
import type { LedgerEntry } from './ledger';
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

/** The loan as a hardship deferral reads it: the schedule in force, the ledger, the business date, the debits on their way. */
export interface DeferralBasis {
  /** The schedule in force (any earlier revision applied). */
  readonly schedule: LoanSchedule;
  /** The loan's ledger entries (the replay takes those dated on or before `today`). */
  readonly entries: readonly LedgerEntry[];
  /** THE business date (servicing's `businessToday`): what is paid and what is due are read as of it. */
  readonly today: IsoDate;
  /** Installments whose debit is scheduled or pending (they never move, nor anything before them). */
  readonly inFlightN: readonly number[];
}

/** One installment of a deferred schedule: its date in force and its date once the deferral applies. */
export interface DeferredRow {
  readonly n: number;
  readonly paymentCents: number;
  readonly dueDate: IsoDate;
  readonly newDueDate: IsoDate;
  readonly moved: boolean;
}

/** A hardship deferral of k payments as the loan will carry it once approved. */
export interface DeferredSchedule {
  readonly k: number;
  readonly rows: readonly DeferredRow[];
  readonly dueDatesBefore: readonly IsoDate[];
  /** What the approval stores (`reviseDueDates`' `dueDatesAfter`). */
  readonly dueDatesAfter: readonly IsoDate[];
  /** Installments before it stay (paid, or their debit is on its way). */
  readonly firstMovedN: number;
  readonly maturityBefore: IsoDate;
  readonly maturityAfter: IsoDate;
  /**
   * The next payment due once the deferral applies: the loan's own position (`positionAsOf`) on the
   * revised schedule as of `today` — an installment kept because its debit is on its way is still the
   * next payment, not the first moved one.
   */
  readonly nextDueDate: IsoDate;
  /** The schedule in force with the new dates (amounts unchanged). */
  readonly schedule: LoanSchedule;
}

/** `entries` plus, dated `on`, a waiver of every late fee no waiver or reversal undoes yet (as an approval writes them). */
function withLateFeesWaived(entries: readonly LedgerEntry[], on: IsoDate): LedgerEntry[] {
  const undone = new Set(entries.flatMap((e) => (e.reversesEntryId == null ? [] : [e.reversesEntryId])));
  let id = entries.reduce((m, e) => Math.max(m, e.id), 0);
  const waivers = entries
    .filter((e) => e.kind === 'late_fee' && !undone.has(e.id))
    .map((fee): LedgerEntry => ({ id: ++id, kind: 'waiver', effectiveDate: on, amountCents: fee.amountCents, reversesEntryId: fee.id }));
  return [...entries, ...waivers];
}

/**
 * THE revised schedule of a hardship deferral of k payments (docs/hardship.md): what the borrower's and
 * staff's previews show and exactly what an approval applies. The installments paid in full are read from
 * the ledger as of the business date; the dates follow the domain's `deferralPlan`; the next payment due is
 * the loan's position on the revised schedule the same day (with the late fees waived when the approval
 * waives them). Refused when nothing is left to defer (or the loan is paid off).
 */
export function deferredSchedule(
  b: DeferralBasis,
  k: number,
  o: { waiveLateFees?: boolean } = {},
): { ok: true; deferral: DeferredSchedule } | { ok: false; message: string } {
  const { schedule } = b;
  // As servicing reads a loan: never before its disbursement date.
  const asOf = b.today < schedule.terms.disbursementDate ? schedule.terms.disbursementDate : b.today;
  const before = positionAsOf(schedule, b.entries, asOf);
  if (before.closed) return { ok: false, message: HARDSHIP_MSG.noneLeft };
  const plan = deferralPlan({
    frequency: schedule.terms.frequency,
    installments: schedule.rows.map((r) => ({ n: r.n, dueDate: r.dueDate, paymentCents: r.paymentCents })),
    paidThroughN: before.installmentsPaid,
    inFlightN: b.inFlightN,
    k,
  });
  if (!plan.ok) return plan;
  const d = plan.deferral;
  const dueDatesAfter = d.installments.map((r) => r.dueDate);
  checkRevisedDueDates(schedule, dueDatesAfter, d.firstMovedN);
  const revised = withRevisedDueDates(schedule, dueDatesAfter);
  const after = positionAsOf(revised, o.waiveLateFees ? withLateFeesWaived(b.entries, asOf) : b.entries, asOf);
  if (after.closed || after.nextDueDate === null) return { ok: false, message: HARDSHIP_MSG.noneLeft };
  return {
    ok: true,
    deferral: {
      k,
      rows: schedule.rows.map((r, i) => ({
        n: r.n,
        paymentCents: r.paymentCents,
        dueDate: r.dueDate,
        newDueDate: dueDatesAfter[i]!,
        moved: dueDatesAfter[i] !== r.dueDate,
      })),
      dueDatesBefore: schedule.rows.map((r) => r.dueDate),
      dueDatesAfter,
      firstMovedN: d.firstMovedN,
      maturityBefore: d.maturityBefore,
      maturityAfter: d.maturityAfter,
      nextDueDate: after.nextDueDate,
      schedule: revised,
    },
  };
}
