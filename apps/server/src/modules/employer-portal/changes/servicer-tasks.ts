import { EMPLOYEE_CHANGE_OUTCOME_LABELS, EMPLOYEE_CHANGE_TASK_MSG } from '@payrail/contract/employer-deductions';
import type { TBackofficeEmployeeChange, TBackofficeEmployeeChanges } from '@payrail/contract/employer-deductions';
import type { TStaffMember } from '@payrail/contract/staff';
import type { AppContext } from '../../../context';
import { AppError } from '../../../errors';
import type { EmployeeChangeRow } from '../deductions.repository';
import { employeeName } from '../deductions/deduction-file';

const wire = (r: { change: EmployeeChangeRow; employerName: string; firstName: string | null; lastName: string | null }): TBackofficeEmployeeChange => ({
  id: r.change.id,
  employer_id: r.change.employerId,
  employer_name: r.employerName,
  user_id: r.change.userId,
  borrower_name: employeeName(r.firstName, r.lastName),
  employee_id: r.change.employeeId,
  kind: r.change.kind,
  effective_date: r.change.effectiveDate,
  leave_end_date: r.change.leaveEndDate,
  new_pay_frequency: r.change.newPayFrequency,
  outcome: r.change.outcome,
  outcome_label: EMPLOYEE_CHANGE_OUTCOME_LABELS[r.change.outcome],
  loan_ids: r.change.loanIds,
  servicer_status: r.change.servicerStatus,
  reported_at: r.change.createdAt.toISOString(),
});

/** GET /api/backoffice/employee_changes: what employers reported; `status=open` (the default) lists the servicer tasks left. */
export async function backofficeEmployeeChanges(
  ctx: AppContext,
  q: { status?: 'open' | 'all' | undefined; employer_id?: number | undefined },
): Promise<TBackofficeEmployeeChanges> {
  const rows = await ctx.repos.employerDeductions.backofficeChanges({ openOnly: (q.status ?? 'open') === 'open', employerId: q.employer_id });
  return { changes: rows.map(wire) };
}

/**
 * POST /api/backoffice/employee_changes/{id}/done: a servicer closes the task a pay-frequency change opened
 * (after aligning the loan's schedule with the borrower, e.g. by a due-date change or a payment plan, which
 * re-disclose it), saying what was done; audited as a staff action on the borrower. 409 when not open.
 */
export async function closeEmployeeChangeTask(ctx: AppContext, staff: TStaffMember, id: number, note: string): Promise<TBackofficeEmployeeChange> {
  const change = await ctx.repos.employerDeductions.changeById(id);
  if (!change) throw AppError.notFound(EMPLOYEE_CHANGE_TASK_MSG.notFound);
  const at = ctx.now();
  const closed = await ctx.repos.employerDeductions.closeTask(id, {
    staffUserId: staff.id,
    action: 'employee_change_done',
    targetUserId: change.userId,
    before: { change_id: id, servicer_status: change.servicerStatus },
    after: { change_id: id, servicer_status: 'done', note },
    at,
  });
  if (!closed) throw new AppError('conflict', EMPLOYEE_CHANGE_TASK_MSG.notOpen);
  const [row] = (await ctx.repos.employerDeductions.backofficeChanges({ openOnly: false, employerId: closed.employerId })).filter((r) => r.change.id === id);
  return wire(row!);
}
