import type { TChangeIncomeSourceRequest, TOkStatusResponse } from '@payrail/contract/application';
import type { AppContext } from '../../../context';
import { AppError } from '../../../errors';
import type { MemberRow } from '../../../db/rows';
import { requireStatus } from '../../workflow/move';
import { workingTimeOf } from '../working-time';
import { saveApplicationFields } from '../../application/applications';

/**
 * POST /change_income_source: the borrower picks a source of income. Any change clears the employer
 * and the employee id. Employed stays on the employer step (the employer is chosen next); any other
 * source, or less than a year at the job, is decided at once by the underwriting (the program lends
 * against a year or more of employment, so it denies).
 */
export async function changeIncomeSource(ctx: AppContext, member: MemberRow, body: TChangeIncomeSourceRequest): Promise<TOkStatusResponse> {
  requireStatus(member, ['employer']);
  const range = workingTimeOf(body.working_time_range);
  const answers = { profile: { incomeSource: body.income_source, workingTimeRange: range, employeeId: null }, borrower: { employerId: null } };
  // Employed with a year or more at the job: the employer is chosen next. Anything else is decided now.
  if (body.income_source === 'Employed' && range !== 'lt_1') {
    const saved = await saveApplicationFields(ctx, member.id, answers, ctx.now());
    if (!saved.ok) throw new AppError('conflict', 'unexpected conflict');
    return { ok: true, new_status: member.workflowStatus };
  }
  const employerProgram = body.income_source === 'Employed' ? null : 'not_eligible';
  return ctx.hooks.employment.employerStepEnded(ctx, member, { overrides: { employerProgram, workingTimeRange: range }, answers, otherField: 'income_source' });
}
