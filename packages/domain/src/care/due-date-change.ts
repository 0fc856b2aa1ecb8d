/**
 * Due-date change (issue #13): the borrower moves the remaining due dates of an active loan to match
 * their payday. Rules: the loan is active and not past due; at most one change every 12 months; the
 * first moved payment is at least `minNoticeDays` away (a debit already on its way is never moved) and
 * lands within `maxShiftDays` of its current date; the payments after it follow the loan's frequency
 * from the new date. No payment is lost, merged or changed in amount: interest is per period in the
 * engine (an odd period does not change a row's interest), so only the dates move and the finance
 * charge and total of payments stay; the APR, which depends on the dates, is re-disclosed and flagged
 * when it changes. The borrower e-signs the re-disclosed schedule.
 */
import { addDays, addMonths, diffDays } from '../dates';
import type { IsoDate } from '../dates';
import { singleAdvanceApr, unitPeriodFor } from '../loan/apr';
import { dueDates } from '../loan/due-dates';
import type { Frequency } from '../loan/frequency';

/** The limits of a due-date change. */
export const DUE_DATE_CHANGE_RULES = { maxShiftDays: 15, minNoticeDays: 5, oncePerMonths: 12 } as const;

export const DUE_DATE_MSG = {
  notActive: 'Only an active loan can have its due date changed.',
  pastDue: 'Please bring your loan up to date before changing its due date.',
  tooSoon: 'A due date can be changed once every 12 months.',
  noneLeft: 'No payment is left to move.',
  same: 'Choose a date different from your current due date.',
  tooFar: `The new due date must be within ${DUE_DATE_CHANGE_RULES.maxShiftDays} days of your current due date.`,
  notice: `The new due date must be at least ${DUE_DATE_CHANGE_RULES.minNoticeDays} days from today.`,
  order: 'The new due date must be after your previous payment.',
} as const;

/** One installment of the contract: number, due date, amount (cents). */
export type Installment = { n: number; dueDate: IsoDate; paymentCents: number };

export type DueDateChangeInput = {
  loanStatus: string;
  pastDue: boolean;
  frequency: Frequency;
  disbursementDate: IsoDate;
  amountFinancedCents: number;
  /** The current schedule (with any earlier change applied), in installment order. */
  installments: readonly Installment[];
  /** Installments already paid in full (they never move). */
  paidThroughN: number;
  /** The date of the last accepted change, or null. */
  lastChangeOn: IsoDate | null;
  today: IsoDate;
  newDueDate: IsoDate;
};

export type DueDateChange = {
  /** The whole schedule after the change (unmoved rows as they were). */
  installments: Installment[];
  /** Numbers of the installments that moved. */
  moved: number[];
  /** Days between the current and the new date of the first moved installment. */
  shiftDays: number;
  oldAprPercent: string;
  newAprPercent: string;
  /** True when the re-disclosed APR differs from the current one. */
  aprChanged: boolean;
  totalOfPaymentsCents: number;
};

export type DueDateChangeOutcome = { ok: true; change: DueDateChange } | { ok: false; message: string; availableOn?: IsoDate };

const aprOf = (p: Pick<DueDateChangeInput, 'amountFinancedCents' | 'disbursementDate' | 'frequency'>, rows: readonly Installment[]) =>
  singleAdvanceApr(
    p.amountFinancedCents,
    p.disbursementDate,
    rows.map((r) => ({ date: r.dueDate, amountCents: r.paymentCents })),
    unitPeriodFor(p.frequency),
  ).aprPercent;

/** The first installment a change may move: unpaid and at least the notice period away. */
export function firstMovable(installments: readonly Installment[], paidThroughN: number, today: IsoDate): Installment | undefined {
  const earliest = addDays(today, DUE_DATE_CHANGE_RULES.minNoticeDays);
  return installments.find((i) => i.n > paidThroughN && i.dueDate >= earliest);
}

/** Decides a due-date change and builds the re-disclosed schedule, or says why it is refused. */
export function changeDueDate(p: DueDateChangeInput): DueDateChangeOutcome {
  if (p.loanStatus !== 'opened') return { ok: false, message: DUE_DATE_MSG.notActive };
  if (p.pastDue) return { ok: false, message: DUE_DATE_MSG.pastDue };
  if (p.lastChangeOn) {
    const availableOn = addMonths(p.lastChangeOn, DUE_DATE_CHANGE_RULES.oncePerMonths);
    if (p.today < availableOn) return { ok: false, message: DUE_DATE_MSG.tooSoon, availableOn };
  }
  const first = firstMovable(p.installments, p.paidThroughN, p.today);
  if (!first) return { ok: false, message: DUE_DATE_MSG.noneLeft };
  const shift = diffDays(first.dueDate, p.newDueDate);
  if (shift === 0) return { ok: false, message: DUE_DATE_MSG.same };
  if (Math.abs(shift) > DUE_DATE_CHANGE_RULES.maxShiftDays) return { ok: false, message: DUE_DATE_MSG.tooFar };
  if (diffDays(p.today, p.newDueDate) < DUE_DATE_CHANGE_RULES.minNoticeDays) return { ok: false, message: DUE_DATE_MSG.notice };
  const kept = p.installments.filter((i) => i.n < first.n);
  const previous = kept[kept.length - 1];
  if (previous && p.newDueDate <= previous.dueDate) return { ok: false, message: DUE_DATE_MSG.order };

  const movedRows = p.installments.filter((i) => i.n >= first.n);
  const dates = dueDates(p.frequency, p.newDueDate, movedRows.length);
  const installments = [...kept, ...movedRows.map((r, k) => ({ ...r, dueDate: dates[k]! }))];
  const oldAprPercent = aprOf(p, p.installments);
  const newAprPercent = aprOf(p, installments);
  return {
    ok: true,
    change: {
      installments,
      moved: movedRows.map((r) => r.n),
      shiftDays: shift,
      oldAprPercent,
      newAprPercent,
      aprChanged: oldAprPercent !== newAprPercent,
      totalOfPaymentsCents: installments.reduce((a, r) => a + r.paymentCents, 0),
    },
  };
}
