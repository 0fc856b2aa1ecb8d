import { checkRevisedDueDates, scheduleAprPercent, withRevisedDueDates } from '@payrail/domain/loan/schedule-revision';
import type { AppContext } from '../../../context';
import type { DbTx, LockedLoan, LoanRow, ScheduleRevisionRow } from '../repository';
import { contractOf } from './loan-position';

/** A revision of a loan's due dates to apply: why, from which request, the dates after (one per installment). */
export type DueDateRevision = {
  kind: 'due_date_change' | 'hardship';
  /** The id of the request it applies (one revision per request). */
  sourceId: number;
  dueDatesAfter: readonly string[];
  /** Installments before this number may not move (paid or already on their way). */
  firstMovedN: number;
  staffId?: number | null;
};

/** A debit of an installment the revision moves is scheduled or on its way (rolls the revision back). */
class MovedDebitInFlight extends Error {}

export type AppliedRevision = { revision: ScheduleRevisionRow; aprBefore: string; aprAfter: string };

/**
 * Applies a due-date revision to the loan (docs/servicing.md, "Revised due dates"): checks it against the
 * schedule in force (one date per installment, increasing, unpaid ones only), re-discloses the APR, and
 * writes it with the caller's own writes (`also`) in one transaction. Null when the schedule in force
 * changed since it was read (another change won), or when, under the lock, a debit of an installment it
 * moves is scheduled or on its way (the daily run created it meanwhile): nothing is written.
 */
export async function reviseDueDates(
  ctx: AppContext,
  loan: LoanRow,
  r: DueDateRevision,
  also?: (tx: DbTx, book: LockedLoan) => Promise<void>,
): Promise<AppliedRevision | null> {
  const { schedule } = await contractOf(ctx, loan);
  checkRevisedDueDates(schedule, r.dueDatesAfter, r.firstMovedN);
  const before = schedule.rows.map((row) => row.dueDate as string);
  const aprBefore = scheduleAprPercent(schedule);
  const aprAfter = scheduleAprPercent(withRevisedDueDates(schedule, r.dueDatesAfter));
  // Under the loan's lock: a debit of a moved installment scheduled or sent since the caller read the loan
  // (the daily run) means the dates no longer move — nothing is written, answered as a lost race.
  const movedDebitInFlight = async (book: LockedLoan) =>
    (await book.transactions()).some((t) => (t.status === 'scheduled' || t.status === 'pending') && t.installmentN !== null && t.installmentN >= r.firstMovedN);
  let revision: ScheduleRevisionRow | null;
  try {
    revision = await ctx.repos.loanBook.reviseDueDates(
      {
        loanId: loan.id,
        kind: r.kind,
        sourceId: r.sourceId,
        dueDatesBefore: before,
        dueDatesAfter: [...r.dueDatesAfter],
        aprBefore,
        aprAfter,
        staffId: r.staffId ?? null,
        createdAt: ctx.now(),
      },
      before,
      async (tx, book) => {
        if (await movedDebitInFlight(book)) throw new MovedDebitInFlight();
        await also?.(tx, book);
      },
    );
  } catch (err) {
    if (err instanceof MovedDebitInFlight) return null;
    throw err;
  }
  return revision ? { revision, aprBefore, aprAfter } : null;
}
