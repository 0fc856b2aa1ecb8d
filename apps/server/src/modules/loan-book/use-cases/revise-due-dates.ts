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

export type AppliedRevision = { revision: ScheduleRevisionRow; aprBefore: string; aprAfter: string };

/**
 * Applies a due-date revision to the loan (docs/servicing.md, "Revised due dates"): checks it against the
 * schedule in force (one date per installment, increasing, unpaid ones only), re-discloses the APR, and
 * writes it with the caller's own writes (`also`) in one transaction. Null when the schedule in force
 * changed since it was read (another change won): nothing is written.
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
  const revision = await ctx.repos.loanBook.reviseDueDates(
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
    also,
  );
  return revision ? { revision, aprBefore, aprAfter } : null;
}
