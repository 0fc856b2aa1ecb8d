import { APPLICATION_MSG, type TStaffActionResponse } from '@payrail/contract/application';
import type { TStaffMember } from '@payrail/contract/staff';
import type { AppContext } from '../../../context';
import { refusal } from '../../workflow/use-cases/refuse';
import { ensureActiveApplication } from '../../application/applications';
import { commitStaffMove, planStaffMove, targetMember } from '../reviewer-move';

/**
 * POST …/approve: a signed application (application_submitted, employer_review) is approved. At the
 * allotment review the answer says what to do instead (…/approve_allotment: the borrower signs first).
 * An employer's verification answer of terminated / not found blocks it (422 with the reason).
 */
export async function approveApplication(ctx: AppContext, staff: TStaffMember, userId: number): Promise<TStaffActionResponse> {
  const member = await targetMember(ctx, userId);
  if (member.workflowStatus === 'review_allotment') throw refusal(APPLICATION_MSG.approveAllotmentFirst, member.workflowStatus);
  // The employer answered the employment verification that the applicant is not (or no longer) employed there.
  const blocked = await ctx.hooks.review.approvalBlock(ctx, member.id);
  if (blocked) throw refusal(blocked, member.workflowStatus);
  const move = await planStaffMove(ctx, staff, member, 'approved');
  const application = await ensureActiveApplication(ctx, member.id, move.at);
  return commitStaffMove(ctx, staff, member, 'approve', move, { application: { id: application.id, patch: { outcome: 'approved', decidedAt: move.at } } });
}
