import type { TStaffActionResponse } from '@payrail/contract/application';
import type { TStaffMember } from '@payrail/contract/staff';
import type { AppContext } from '../../../context';
import { commitStaffMove, planStaffMove, targetMember } from '../reviewer-move';
import { ensureActiveApplication } from '../../application/applications';

/**
 * POST …/drop: drops an inactive application. Dropping is the system's move in the workflow table (the
 * inactivity sweep); a staff member triggers it here, so it is stored as the system's move with the
 * staff member named, and as the staff member's action.
 */
export async function dropApplication(ctx: AppContext, staff: TStaffMember, userId: number): Promise<TStaffActionResponse> {
  const member = await targetMember(ctx, userId);
  const move = await planStaffMove(ctx, staff, member, 'dropped', 'system');
  const application = await ensureActiveApplication(ctx, member.id, move.at);
  return commitStaffMove(ctx, staff, member, 'drop', move, { application: { id: application.id, patch: { outcome: 'dropped', decidedAt: move.at } } });
}
