import type { TStaffActionResponse } from '@payrail/contract/application';
import { FIELD_MSG } from '@payrail/contract/messages';
import type { TStaffMember } from '@payrail/contract/staff';
import type { AppContext } from '../../../context';
import { AppError } from '../../../errors';
import { commitMove } from '../../workflow/move';
import { activeApplication } from '../../application/applications';
import { planStaffMove, snapshot, targetMember } from '../reviewer-move';
import { applyAdverseAction, reapplyOnOf } from './apply-adverse-action';

/**
 * The principal reasons of a staff member's decline or denial: the ones given, else the recorded
 * underwriting's reasons (refer reasons carry the text a denial would use), else the not-qualified
 * reason. A decline with none of these is refused: a notice must state its reasons (Regulation B).
 */
async function principalReasons(ctx: AppContext, userId: number, given: readonly string[] | undefined, fallback: string | null): Promise<string[]> {
  if (given && given.length > 0) return [...given];
  const decision = await ctx.repos.review.latestDecision(userId);
  const recorded = decision
    ? [...new Set((decision.reasons as { adverseActionText?: string | null }[]).map((r) => r.adverseActionText).filter((t): t is string => !!t))].slice(0, 4)
    : [];
  if (recorded.length > 0) return recorded;
  if (fallback) return [fallback];
  throw AppError.fields({ reasons: [FIELD_MSG.blank] });
}

/** A staff member declines or denies an application (see decline-application, deny-application). */
export async function endWithAdverseAction(
  ctx: AppContext,
  staff: TStaffMember,
  userId: number,
  p: { to: 'declined' | 'denied'; notQualifiedReason: string | null; reapplyOn: string; reasons: readonly string[] | undefined },
): Promise<TStaffActionResponse> {
  const member = await targetMember(ctx, userId);
  const move = await planStaffMove(ctx, staff, member, p.to);
  const reasons = await principalReasons(ctx, member.id, p.reasons, p.notQualifiedReason);
  const application = await activeApplication(ctx, member.id);
  const after = snapshot({ workflowStatus: p.to, notQualifiedReason: p.notQualifiedReason }, application, { reapply_on: p.reapplyOn, reasons });
  const staffAction = {
    staffUserId: staff.id,
    action: p.to === 'declined' ? 'decline' : 'deny',
    targetUserId: member.id,
    before: snapshot(member, application),
    after,
    at: move.at,
  };
  await commitMove(ctx, member, () =>
    applyAdverseAction(ctx, member, {
      move,
      outcome: p.to,
      notQualifiedReason: p.notQualifiedReason,
      reapplyOn: reapplyOnOf(p.reapplyOn),
      reasons,
      staffAction,
    }),
  );
  return { ok: true, previous_status: move.from, new_status: p.to };
}
