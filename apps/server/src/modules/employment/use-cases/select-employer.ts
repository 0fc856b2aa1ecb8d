import { type TEmployerSelectedRequest, type TOkStatusResponse, fieldMessage } from '@payrail/contract/application';
import { validateEmployeeId } from '@payrail/domain/validation/employee-id';
import type { AppContext } from '../../../context';
import { AppError } from '../../../errors';
import type { MemberRow } from '../../../db/rows';
import { requireStatus } from '../../workflow/move';
import { employerProgramOf } from '../employer-program';
import { workingTimeOf } from '../working-time';
import { findEmployer } from '../../reference/reference-data';

/**
 * PATCH /employer_selected: the borrower confirms the employer (a listed one, or the one just typed in),
 * the working time range and, for a partner employer, the employee id (required, at most 30). Less than
 * a year at the job and active military duty are ineligible; the underwriting decides and records it.
 */
export async function selectEmployer(ctx: AppContext, member: MemberRow, body: TEmployerSelectedRequest): Promise<TOkStatusResponse> {
  requireStatus(member, ['employer']);
  const { employer_id, employee_id, working_time_range, military_active } = body.loan_borrower;
  const employer = await findEmployer(ctx, employer_id);
  // An employer typed in as "not listed" belongs to whoever typed it.
  const foreign = employer?.isOther && employer.slug !== 'other' && !(await ctx.repos.employment.findOwnRequest(member.id, employer_id));
  if (!employer || foreign) throw AppError.fields({ employer_id: [fieldMessage('not_found')] });
  const partner = employer.partnership === 'b2b_partner';
  const employeeId = validateEmployeeId(employee_id ?? '', partner);
  if (!employeeId.ok) throw AppError.fields({ employee_id: [fieldMessage(employeeId.code, 30)] });
  const range = workingTimeOf(working_time_range);
  const profile = {
    incomeSource: 'Employed' as const,
    workingTimeRange: range,
    employeeId: partner && employeeId.value !== '' ? employeeId.value : null,
    ...(military_active !== undefined ? { militaryActive: military_active } : {}),
  };
  return ctx.hooks.employment.employerStepEnded(ctx, member, {
    overrides: {
      workingTimeRange: range,
      employerProgram: employerProgramOf({ incomeSource: 'Employed' }, employer),
      ...(military_active !== undefined ? { militaryActive: military_active } : {}),
    },
    answers: { profile, borrower: { employerId: employer.id } },
    otherField: 'employer_id',
  });
}
