/**
 * Reminder and past-due notices (docs/collections.md), pure: which notice a loan gets on a run date.
 * A past-due notice goes on the policy day the loan's days past due reach; a loan that jumps past several
 * days at once (a returned payment makes an old installment unpaid) gets only the latest one reached —
 * a 1-day notice is not sent to a loan 40 days late. Each is keyed by the delinquency (its oldest unpaid
 * due date) and the policy day, so it goes at most once.
 */
import { addDays, diffDays } from '../dates';
import type { IsoDate } from '../dates';
import type { CollectionsPolicy } from './policy';

export const NOTICE_KINDS = ['reminder', 'past_due'] as const;
export type NoticeKind = (typeof NOTICE_KINDS)[number];

export interface NoticeDue {
  readonly kind: NoticeKind;
  /** Past due: the policy day (days past due); reminder: days before the due date. */
  readonly day: number;
  /** Past due: the oldest unpaid due date (the delinquency's key); reminder: the due date. */
  readonly dueDate: IsoDate;
}

/**
 * The notice due on `date` for a loan `daysPastDue` late whose next (or oldest unpaid) due date is
 * `nextDueDate`; `sent` holds the past-due days already sent for this delinquency. Null when none.
 */
export function noticeDue(
  policy: CollectionsPolicy,
  loan: { daysPastDue: number; nextDueDate: IsoDate | null },
  date: IsoDate,
  sent: ReadonlySet<number>,
): NoticeDue | null {
  if (loan.daysPastDue > 0) {
    if (loan.daysPastDue >= policy.chargeOffDays) return null;
    const reached = policy.pastDueNoticeDays.filter((d) => d <= loan.daysPastDue);
    const latest = reached.length ? Math.max(...reached) : null;
    if (latest === null || [...sent].some((d) => d >= latest)) return null;
    return { kind: 'past_due', day: latest, dueDate: addDays(date, -loan.daysPastDue) };
  }
  if (!loan.nextDueDate) return null;
  const before = diffDays(date, loan.nextDueDate);
  return policy.reminderDaysBeforeDue.includes(before) ? { kind: 'reminder', day: before, dueDate: loan.nextDueDate } : null;
}
