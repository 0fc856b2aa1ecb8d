import { APPLICATION_MSG, type TStaffActionResponse } from '@payrail/contract/application';
import type { TStaffMember } from '@payrail/contract/staff';
import type { AppContext } from '../../../context';
import { refusal } from '../../workflow/use-cases/refuse';
import { ensureActiveApplication } from '../../application/applications';
import { commitStaffMove, planStaffMove, targetMember } from '../reviewer-move';

/**
 * POST …/approve_allotment: the reviewer checked the allotment (split direct deposit) form the borrower
 * uploaded and approves it. The workflow table's `approve_allotment` row moves the application from
 * review_allotment to esignature_needed (the borrower signs next; the application is approved after the
 * signature, …/approve). The payroll repayment is recorded as in place (`payment_change`), and the move
 * is audited as `approve_allotment`. Anywhere else: 422 with the current status.
 */
export async function approveAllotment(ctx: AppContext, staff: TStaffMember, userId: number): Promise<TStaffActionResponse> {
  const member = await targetMember(ctx, userId);
  if (member.workflowStatus !== 'review_allotment') throw refusal(APPLICATION_MSG.notAtAllotmentReview(member.workflowStatus), member.workflowStatus);
  // The employer answered the employment verification that the applicant is not (or no longer) employed there.
  const blocked = await ctx.hooks.review.approvalBlock(ctx, member.id);
  if (blocked) throw refusal(blocked, member.workflowStatus);
  const move = await planStaffMove(ctx, staff, member, 'esignature_needed');
  const application = await ensureActiveApplication(ctx, member.id, move.at);
  return commitStaffMove(ctx, staff, member, 'approve_allotment', move, { application: { id: application.id, patch: { paymentChange: true } } });
}
