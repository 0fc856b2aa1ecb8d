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
  inFlight: 'A debit for your next payment is already scheduled or on its way to your bank. You can change your due date once it has settled.',
  nameMismatch: 'Please type your full legal name exactly as it appears on your loan.',
  agree: 'Please confirm that you agree to sign the due date change agreement electronically.',
  lostRace: 'Your loan’s schedule changed while you were signing. Please review the new schedule and sign again.',
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
  /** Installments a debit is already scheduled or pending for (in flight: they never move). */
  inFlightNs?: readonly number[];
  /** The date of the last applied change (`loan_schedule_revisions`, kind due_date_change), or null. */
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
  if (p.inFlightNs?.includes(first.n)) return { ok: false, message: DUE_DATE_MSG.inFlight };
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

/** The dates a change may choose for the first movable installment (inclusive), or null when none may move. */
export function dueDateChangeWindow(
  installments: readonly Installment[],
  paidThroughN: number,
  today: IsoDate,
): { current: IsoDate; earliest: IsoDate; latest: IsoDate } | null {
  const first = firstMovable(installments, paidThroughN, today);
  if (!first) return null;
  const previous = installments.filter((i) => i.n < first.n).at(-1);
  const bounds = [addDays(first.dueDate, -DUE_DATE_CHANGE_RULES.maxShiftDays), addDays(today, DUE_DATE_CHANGE_RULES.minNoticeDays)];
  if (previous) bounds.push(addDays(previous.dueDate, 1));
  const earliest = bounds.reduce((a, b) => (a > b ? a : b));
  return { current: first.dueDate, earliest, latest: addDays(first.dueDate, DUE_DATE_CHANGE_RULES.maxShiftDays) };
}

/** The version of the due-date change agreement's text (shown in the consent centre). */
export const DUE_DATE_CHANGE_AGREEMENT = { title: 'Due date change agreement', version: '2026-11' } as const;

/**
 * The re-disclosure the borrower signs (the screen and the signed PDF print the same paragraphs): the
 * dates move, nothing else; the finance charge and the total of payments stay; the APR is re-disclosed.
 */
export function dueDateChangeDisclosure(p: {
  loanNumber: string;
  oldApr: string;
  newApr: string;
  aprChanged: boolean;
  totalOfPayments: string;
  financeCharge: string;
}): string[] {
  return [
    `By signing, you agree to change the due dates of the remaining payments of loan ${p.loanNumber} as shown in the schedule. Only the dates change: the number of payments and the amount of each payment stay the same.`,
    `The finance charge (${p.financeCharge}) and the total of payments (${p.totalOfPayments}) do not change. No fee is charged for this change.`,
    p.aprChanged
      ? `Because the payments fall on different dates, your ANNUAL PERCENTAGE RATE changes from ${p.oldApr}% to ${p.newApr}%. The interest rate of your note does not change.`
      : `Your ANNUAL PERCENTAGE RATE stays ${p.newApr}%.`,
    'Payments already made, and any debit already scheduled or on its way to your bank, are not moved. Every other term of your promissory note stays in effect.',
    'You can change your due date once every 12 months. You sign this agreement electronically under the consent to electronic communications you gave, and you can download a copy at any time from your documents.',
  ];
}

/** The borrower's notification (in-app and e-mail) once a change is applied. */
export function dueDateChangedNotice(loanNumber: string, newDueDate: IsoDate): string {
  const [y, m, d] = newDueDate.split('-');
  return `Your due date change for loan ${loanNumber} is done: your next payment is now due on ${m}/${d}/${y}. Your signed agreement is in your documents.`;
}
