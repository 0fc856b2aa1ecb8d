import type { TStaffActionResponse } from '@payrail/contract/application';
import type { TStaffMember } from '@payrail/contract/staff';
import type { AppContext } from '../../../context';
import { commitStaffMove, planStaffMove, targetMember } from '../reviewer-move';

/** POST …/approve: a signed application (application_submitted, employer_review) is approved. */
export async function approveApplication(ctx: AppContext, staff: TStaffMember, userId: number): Promise<TStaffActionResponse> {
  const member = await targetMember(ctx, userId);
  const move = await planStaffMove(ctx, staff, member, 'approved');
  const application = await ctx.repos.application.ensureActiveApplication(member.id, move.at);
  return commitStaffMove(ctx, staff, member, 'approve', move, { application: { id: application.id, patch: { outcome: 'approved', decidedAt: move.at } } });
}
