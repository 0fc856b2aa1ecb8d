import type { TEmployerUser } from '@payrail/contract/employer-portal';
import { EMPLOYEE_CHANGE_OUTCOME_LABELS, EMPLOYER_DEDUCTIONS_MSG } from '@payrail/contract/employer-deductions';
import type { TEmployeeChange, TEmployeeChangeRequest, TEmployeeChanges } from '@payrail/contract/employer-deductions';
import { addDays } from '@payrail/domain/dates';
import type { IsoDate } from '@payrail/domain/dates';
import { cents, formatUsd } from '@payrail/domain/money';
import type { AppContext } from '../../../context';
import { withPayrollLoansLocked } from '../../loan-book/loans';
import { memberBankAccount } from '../../banking/accounts-on-file';
import { violatedUniqueConstraint } from '../../../db/errors';
import { AppError } from '../../../errors';
import { formatDate } from '../../esignature/loan-figures';
import { businessToday } from '../../../lib/business-clock';
import { achAuthorizationOnFile, endPayrollDeduction, payrollEndMessage } from '../../loan-book/use-cases/payroll-deduction';
import { auditEmployer } from '../accounts.repository';
import { employeeChangesIn } from '../deductions.repository';
import type { EmployeeChangeRow } from '../deductions.repository';
import { employeeName, payrollLoansOf } from '../deductions/deduction-file';
import { findMember } from '../../identity/members';

/** How far back and ahead a change may take effect (days). */
export const CHANGE_WINDOW = { pastDays: 90, aheadDays: 365, maxLeaveDays: 365 } as const;

const FREQUENCY_WORDS = { weekly: 'every week', biweekly: 'every two weeks', semimonthly: 'twice a month', monthly: 'once a month' } as const;

type Named = { change: EmployeeChangeRow; firstName: string | null; lastName: string | null; reportedBy: string | null };

export const changeWire = (r: Named): TEmployeeChange => ({
  id: r.change.id,
  employee_id: r.change.employeeId,
  employee_name: employeeName(r.firstName, r.lastName),
  kind: r.change.kind,
  effective_date: r.change.effectiveDate,
  leave_end_date: r.change.leaveEndDate,
  new_pay_frequency: r.change.newPayFrequency,
  outcome: r.change.outcome,
  outcome_label: EMPLOYEE_CHANGE_OUTCOME_LABELS[r.change.outcome],
  reported_at: r.change.createdAt.toISOString(),
  reported_by: r.reportedBy,
});

/** GET /api/employer_portal/changes: the employer's reported changes, newest first. */
export async function listChanges(ctx: AppContext, employerId: number): Promise<TEmployeeChanges> {
  return { changes: (await ctx.repos.employerDeductions.changes(employerId)).map(changeWire) };
}

const sameDetails = (row: EmployeeChangeRow, body: TEmployeeChangeRequest): boolean =>
  (row.leaveEndDate ?? null) === (body.kind === 'leave' ? (body.leave_end_date ?? null) : null) &&
  (row.newPayFrequency ?? null) === (body.kind === 'pay_frequency' ? (body.new_pay_frequency ?? null) : null);

async function answer(ctx: AppContext, employerId: number, id: number): Promise<TEmployeeChange> {
  const row = await ctx.repos.employerDeductions.change(employerId, id);
  if (!row) throw new Error(`employee change ${String(id)} vanished`);
  return changeWire(row);
}

/**
 * POST /api/employer_portal/changes: an employer reports a termination, a leave or a pay-frequency change of an
 * employee with a payroll deduction, and servicing applies the policy (docs/employer-portal.md "Changes"):
 * - termination: the loan book ends the payroll deduction (ACH auto-debit under the borrower's authorization
 *   on file, else manual payment); the next deduction file shows the employee as ended;
 * - leave: no deduction on the pay dates of the leave; the borrower is told what to pay meanwhile;
 * - pay frequency: recorded, the borrower told, and left open for a servicer (the schedule is not changed here).
 * One change per employee, kind and effective date: a repeat (or a parallel twin: both wait on the loans'
 * row locks) answers the first (`created: false`); the same key with other details is a 409. The borrower is
 * notified in-app (with the change, in one transaction) and by e-mail; the employer's audit trail records it.
 */
export async function reportChange(
  ctx: AppContext,
  user: TEmployerUser,
  body: TEmployeeChangeRequest,
  ip: string | null,
): Promise<{ created: boolean; change: TEmployeeChange }> {
  const employerId = user.employer_id;
  const today = await businessToday(ctx);
  const effective = body.effective_date as IsoDate;
  if (effective < addDays(today, -CHANGE_WINDOW.pastDays)) throw AppError.fields({ effective_date: [EMPLOYER_DEDUCTIONS_MSG.effectiveTooOld] });
  if (effective > addDays(today, CHANGE_WINDOW.aheadDays)) throw AppError.fields({ effective_date: [EMPLOYER_DEDUCTIONS_MSG.effectiveTooFar] });
  // The loan leaves payroll at once (auto-debit or manual payment): a termination ahead would be collected twice until then.
  if (body.kind === 'termination' && effective > today) throw AppError.fields({ effective_date: [EMPLOYER_DEDUCTIONS_MSG.terminationAhead] });
  const leaveEnd = body.kind === 'leave' ? ((body.leave_end_date ?? null) as IsoDate | null) : null;
  if (leaveEnd && leaveEnd > addDays(effective, CHANGE_WINDOW.maxLeaveDays)) throw AppError.fields({ leave_end_date: [EMPLOYER_DEDUCTIONS_MSG.leaveTooLong] });
  const newFrequency = body.kind === 'pay_frequency' ? (body.new_pay_frequency ?? null) : null;

  // The employee: a borrower of this employer whose payroll-deduction loan carries this employee id.
  const loans = await payrollLoansOf(ctx, employerId);
  const wanted = body.employee_id.trim().toLowerCase();
  const people = [...new Set(loans.filter((l) => l.employeeId.toLowerCase() === wanted).map((l) => l.personId))];
  if (people.length === 0) throw AppError.notFound(EMPLOYER_DEDUCTIONS_MSG.employeeNotFound);
  if (people.length > 1) throw new AppError('conflict', EMPLOYER_DEDUCTIONS_MSG.employeeAmbiguous);
  const userId = people[0]!;
  const key = { employerId, userId, kind: body.kind, effectiveDate: effective };

  const replay = async (row: EmployeeChangeRow) => {
    if (!sameDetails(row, body)) throw new AppError('conflict', EMPLOYER_DEDUCTIONS_MSG.changeConflict);
    return { created: false, change: await answer(ctx, employerId, row.id) };
  };
  const first = await ctx.repos.employerDeductions.changeByKey(key);
  if (first) return replay(first);

  const own = loans.filter((l) => l.personId === userId && l.open && (l.endsOn === null || l.endsOn > today));
  if (own.length === 0) throw AppError.notFound(EMPLOYER_DEDUCTIONS_MSG.employeeNotFound);
  const member = await findMember(ctx, userId);
  const ach = body.kind === 'termination' ? await achAuthorizationOnFile(ctx, userId) : null;
  const last4 = ach ? ((await memberBankAccount(ctx, userId, ach.bankAccountId))?.accountNumberLast4 ?? null) : null;
  const at = ctx.now();

  let outcome: { created: true; row: EmployeeChangeRow; messages: string[] } | { created: false; row: EmployeeChangeRow };
  try {
    outcome = await withPayrollLoansLocked(
      ctx,
      own.map((l) => l.loanId),
      async (q) => {
        const changes = employeeChangesIn(q.tx);
        const twin = await changes.byKey(key);
        if (twin) return { created: false as const, row: twin };
        const messages: string[] = [];
        let result: EmployeeChangeRow['outcome'];
        let loanIds = own.map((l) => l.loanId);
        if (body.kind === 'termination') {
          const ended = await endPayrollDeduction(q, { ach, last4, at });
          if (ended.length === 0) throw AppError.notFound(EMPLOYER_DEDUCTIONS_MSG.employeeNotFound);
          loanIds = ended.map((e) => e.loanId);
          result = ended.every((e) => e.to === 'auto_debit') ? 'ach_auto_debit' : 'manual_payment';
          messages.push(...ended.map((e) => payrollEndMessage(e, effective)));
        } else if (body.kind === 'leave') {
          result = 'paused';
          const due = own
            .flatMap((l) => l.installments.filter((i) => i.dueDate >= effective && i.dueDate <= leaveEnd! && i.amountCents > 0))
            .sort((a, b) => (a.dueDate < b.dueDate ? -1 : 1));
          const total = due.reduce((s, i) => s + i.amountCents, 0);
          messages.push(
            `Your employer told us you are on leave from ${formatDate(effective)} to ${formatDate(leaveEnd!)}. Payroll will not deduct your loan payments in that time` +
              (due.length > 0
                ? `: ${String(due.length)} payment${due.length === 1 ? '' : 's'} of ${formatUsd(cents(total))} in all (due ${due.map((i) => formatDate(i.dueDate)).join(', ')}). Please pay ${due.length === 1 ? 'it' : 'them'} by the due date on the Payments page, or set up automatic payments there.`
                : '. No payment of yours falls due during the leave.') +
              ' Payroll deductions resume with your first pay date after the leave.',
          );
        } else {
          result = 'servicer_review';
          messages.push(
            `Your employer told us you will be paid ${FREQUENCY_WORDS[newFrequency!]} from ${formatDate(effective)}. Your loan's payment schedule does not change by itself: our servicing team will contact you to align your payment dates with your new pay dates and send you the new schedule to review. Until then, payroll deducts your payments on the dates of your current schedule; a payment it cannot deduct can be paid on the Payments page.`,
          );
        }
        const row = await changes.insert({
          ...key,
          employeeId: body.employee_id.trim(),
          leaveEndDate: leaveEnd,
          newPayFrequency: newFrequency,
          outcome: result,
          loanIds,
          servicerStatus: result === 'servicer_review' ? 'open' : null,
          reportedByEmployerUserId: user.id,
          createdAt: at,
        });
        for (const m of messages) await q.notify(userId, m, at);
        await auditEmployer(q.tx, {
          user,
          action: `employee_change_${body.kind}`,
          after: {
            change_id: row.id,
            employee_id: row.employeeId,
            effective_date: row.effectiveDate,
            leave_end_date: row.leaveEndDate,
            new_pay_frequency: row.newPayFrequency,
            outcome: row.outcome,
          },
          ip,
          at,
        });
        return { created: true as const, row, messages };
      },
    );
  } catch (err) {
    // A twin that locked other loans committed the same change first: answer it.
    if (violatedUniqueConstraint(err) !== 'employee_changes_once') throw err;
    const won = await ctx.repos.employerDeductions.changeByKey(key);
    if (!won) throw err;
    return replay(won);
  }
  if (!outcome.created) return replay(outcome.row);
  if (member) {
    const subject =
      body.kind === 'termination'
        ? 'Your payroll deduction has ended'
        : body.kind === 'leave'
          ? 'Your payroll deduction is paused during your leave'
          : 'Your pay frequency is changing';
    await ctx.providers.email.send({
      to: member.email,
      subject,
      text: `Hello,\n\n${outcome.messages.join('\n\n')}\n\nPayrail`,
      meta: { template: `employee_change_${body.kind}`, change_id: outcome.row.id },
    });
  }
  return { created: true, change: await answer(ctx, employerId, outcome.row.id) };
}
