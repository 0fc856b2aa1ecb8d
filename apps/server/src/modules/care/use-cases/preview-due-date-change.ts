import type { TDueDateChangePreview } from '@payrail/contract/care';
import { changeDueDate, dueDateChangeDisclosure, dueDateChangeWindow, firstMovable } from '@payrail/domain/care/due-date-change';
import type { DueDateChange, DueDateChangeInput, Installment } from '@payrail/domain/care/due-date-change';
import { isIsoDate } from '@payrail/domain/dates';
import type { IsoDate } from '@payrail/domain/dates';
import type { LoanSchedule } from '@payrail/domain/loan/schedule';
import { cents, formatUsd, type Cents } from '@payrail/domain/money';
import type { AppContext } from '../../../context';
import { AppError } from '../../../errors';
import { businessToday } from '../../../lib/business-clock';
import type { LoanRow } from '../../loan-book/repository';
import { loanState, ownLoan } from '../../loan-book/use-cases/loan-position';

/** The facts a due-date change of a loan is decided on, as of the servicing business date. */
export type DueDateChangeFacts = {
  loan: LoanRow;
  today: IsoDate;
  schedule: LoanSchedule;
  installments: Installment[];
  /** The rules' input without the new date. */
  input: Omit<DueDateChangeInput, 'newDueDate'>;
};

/**
 * Reads what the rules need: the schedule IN FORCE (revised dates included), the servicing position (paid
 * and past due), the debits in flight, and the last applied change (loan_schedule_revisions).
 */
export async function dueDateChangeFacts(ctx: AppContext, loan: LoanRow): Promise<DueDateChangeFacts> {
  const today = await businessToday(ctx);
  const [{ schedule, position }, inFlightNs, lastChangeOn] = await Promise.all([
    loanState(ctx, loan, today),
    ctx.repos.care.inFlightInstallments(loan.id),
    ctx.repos.care.lastDueDateChangeOn(loan.id),
  ]);
  const installments = schedule.rows.map((r) => ({ n: r.n, dueDate: r.dueDate, paymentCents: r.paymentCents }));
  return {
    loan,
    today,
    schedule,
    installments,
    input: {
      loanStatus: loan.status,
      pastDue: position.daysPastDue > 0,
      frequency: schedule.terms.frequency,
      disbursementDate: schedule.terms.disbursementDate,
      amountFinancedCents: schedule.amountFinancedCents,
      installments,
      paidThroughN: position.installmentsPaid,
      inFlightNs,
      lastChangeOn: lastChangeOn as IsoDate | null,
      today,
    },
  };
}

/** The finance charge of the schedule (total of payments − amount financed): a change never alters it. */
export const financeChargeOf = (s: LoanSchedule): Cents => cents(s.totalOfPaymentsCents - s.amountFinancedCents);

/** The rules' decision on `date`, or the 422 with the rule's message (and `available_on` for the 12-month rule). */
export function decideDueDateChange(f: DueDateChangeFacts, date: string): DueDateChange {
  if (!isIsoDate(date)) throw AppError.fields({ date: ['is invalid'] });
  const out = changeDueDate({ ...f.input, newDueDate: date });
  if (!out.ok) throw new AppError('validation', out.message, out.availableOn ? { extra: { available_on: out.availableOn } } : {});
  return out.change;
}

/** The re-disclosure paragraphs for a decided change. */
export function disclosureOf(f: DueDateChangeFacts, change: DueDateChange): string[] {
  return dueDateChangeDisclosure({
    loanNumber: f.loan.identifier,
    oldApr: change.oldAprPercent,
    newApr: change.newAprPercent,
    aprChanged: change.aprChanged,
    totalOfPayments: formatUsd(cents(change.totalOfPaymentsCents)),
    financeCharge: formatUsd(financeChargeOf(f.schedule)),
  });
}

/** The schedule rows before and after a change (the re-disclosure's table). */
export const scheduleRowsOf = (f: DueDateChangeFacts, change: DueDateChange) =>
  change.installments.map((r, i) => ({
    n: r.n,
    due_date: f.installments[i]!.dueDate as string,
    new_due_date: r.dueDate as string,
    payment: r.paymentCents,
    moved: change.moved.includes(r.n),
  }));

/** The first movable payment's window of allowed dates now (null when none may move). */
export const windowOf = (f: DueDateChangeFacts) => dueDateChangeWindow(f.installments, f.input.paidThroughN, f.today);

/**
 * The re-disclosed schedule of a due-date change to `date` (the first movable payment's new date), by the
 * domain's rules on the loan's schedule in force and its servicing position as of the business date. A
 * read: nothing is changed (POST applies it, `applyDueDateChange`).
 */
export async function previewDueDateChange(ctx: AppContext, userId: number, loanId: number, date: string): Promise<TDueDateChangePreview> {
  if (!isIsoDate(date)) throw AppError.fields({ date: ['is invalid'] });
  const loan = await ownLoan(ctx, userId, loanId);
  const f = await dueDateChangeFacts(ctx, loan);
  const change = decideDueDateChange(f, date);
  const first = firstMovable(f.installments, f.input.paidThroughN, f.today)!;
  return {
    loan_id: loan.id,
    current_due_date: first.dueDate,
    new_due_date: date,
    shift_days: change.shiftDays,
    old_apr: change.oldAprPercent,
    new_apr: change.newAprPercent,
    apr_changed: change.aprChanged,
    total_of_payments: change.totalOfPaymentsCents,
    finance_charge: financeChargeOf(f.schedule),
    schedule: scheduleRowsOf(f, change),
    disclosure: disclosureOf(f, change),
  };
}
