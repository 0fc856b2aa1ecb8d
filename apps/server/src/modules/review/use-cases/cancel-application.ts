import type { TStaffActionResponse, TStaffCancelRequest } from '@payrail/contract/application';
import type { TStaffMember } from '@payrail/contract/staff';
import type { AppContext } from '../../../context';
import { commitStaffMove, planStaffMove, targetMember } from '../reviewer-move';
import { reapplyOnOf } from './apply-adverse-action';
import { ensureActiveApplication } from '../../application/applications';

/** POST …/cancel: a reviewer cancels an open application; the borrower may start a new one from the reapply date. */
export async function cancelApplication(ctx: AppContext, staff: TStaffMember, userId: number, body: TStaffCancelRequest): Promise<TStaffActionResponse> {
  const member = await targetMember(ctx, userId);
  const move = await planStaffMove(ctx, staff, member, 'canceled');
  const application = await ensureActiveApplication(ctx, member.id, move.at);
  return commitStaffMove(ctx, staff, member, 'cancel', move, {
    application: {
      id: application.id,
      patch: { outcome: 'canceled', decidedAt: move.at, reapplyOn: body.reapply_on === undefined ? null : reapplyOnOf(body.reapply_on) },
    },
  });
}
