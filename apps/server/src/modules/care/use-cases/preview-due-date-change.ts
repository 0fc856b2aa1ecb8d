import type { TDueDateChangePreview } from '@payrail/contract/care';
import { changeDueDate, firstMovable } from '@payrail/domain/care/due-date-change';
import { isIsoDate } from '@payrail/domain/dates';
import type { IsoDate } from '@payrail/domain/dates';
import type { AppContext } from '../../../context';
import { AppError } from '../../../errors';
import { businessToday } from '../../servicing/clock';
import { loanState, ownLoan } from '../../servicing/use-cases/loan-position';

/**
 * The re-disclosed schedule of a due-date change to `date` (the first movable payment's new date), by the
 * domain's rules on the loan's contract and its servicing position as of the business date. A read: nothing
 * is changed (applying a change is not built yet, docs/borrower-care.md).
 */
export async function previewDueDateChange(ctx: AppContext, userId: number, loanId: number, date: string): Promise<TDueDateChangePreview> {
  if (!isIsoDate(date)) throw AppError.fields({ date: ['is invalid'] });
  const loan = await ownLoan(ctx, userId, loanId);
  const today = await businessToday(ctx);
  const { schedule, position } = await loanState(ctx, loan, today);
  const installments = schedule.rows.map((r) => ({ n: r.n, dueDate: r.dueDate, paymentCents: r.paymentCents }));
  const input = {
    loanStatus: loan.status,
    pastDue: position.daysPastDue > 0,
    frequency: schedule.terms.frequency,
    disbursementDate: schedule.terms.disbursementDate,
    amountFinancedCents: schedule.amountFinancedCents,
    installments,
    paidThroughN: position.installmentsPaid,
    lastChangeOn: null,
    today,
    newDueDate: date as IsoDate,
  };
  const out = changeDueDate(input);
  if (!out.ok) throw new AppError('validation', out.message, out.availableOn ? { extra: { available_on: out.availableOn } } : {});
  const first = firstMovable(installments, position.installmentsPaid, today)!;
  return {
    loan_id: loan.id,
    current_due_date: first.dueDate,
    new_due_date: date,
    shift_days: out.change.shiftDays,
    old_apr: out.change.oldAprPercent,
    new_apr: out.change.newAprPercent,
    apr_changed: out.change.aprChanged,
    total_of_payments: out.change.totalOfPaymentsCents,
    schedule: out.change.installments.map((r, i) => ({ n: r.n, due_date: installments[i]!.dueDate, new_due_date: r.dueDate, payment: r.paymentCents, moved: out.change.moved.includes(r.n) })),
  };
}
