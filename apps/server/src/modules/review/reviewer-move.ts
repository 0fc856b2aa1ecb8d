import type { TStaffActionResponse } from '@payrail/contract/application';
import { SERVER_MSG } from '@payrail/contract/messages';
import type { TStaffMember } from '@payrail/contract/staff';
import type { Actor } from '@payrail/domain/workflow/machine';
import { isWorkflowStatus } from '@payrail/domain/workflow/statuses';
import type { AppContext } from '../../context';
import { AppError } from '../../errors';
import type { ApplicationRow } from '../application/repository';
import type { MemberRow } from '../../db/rows';
import type { StatusMove } from '../workflow/repository';
import { commitMove, planMove } from '../workflow/move';
import { refusal } from '../workflow/use-cases/refuse';
import { ensureActiveApplication } from '../application/applications';
import type { Transition } from './repository';
import { findMember } from '../identity/members';

/** The borrower a back-office call names; 404 when there is none. */
export async function targetMember(ctx: AppContext, userId: number): Promise<MemberRow> {
  const member = await findMember(ctx, userId);
  if (!member) throw AppError.notFound('Application not found');
  return member;
}

/** What a staff action records as the application's state before and after. */
export function snapshot(
  member: Pick<MemberRow, 'workflowStatus' | 'notQualifiedReason'>,
  application: ApplicationRow | undefined,
  extra: Record<string, unknown> = {},
): Record<string, unknown> {
  return {
    status: member.workflowStatus,
    not_qualified_reason: member.notQualifiedReason,
    reapply_on: application?.reapplyOn ?? null,
    negotiated_amount: application?.negotiatedAmountCents ?? null,
    ...extra,
  };
}

/**
 * The stored move for a staff member taking `member` to `to`, as the table allows for `actor` (a
 * reviewer; `system` for the inactivity drop a staff member triggers), or the refusal 422
 * `{ error, current_status }`.
 */
export async function planStaffMove(ctx: AppContext, staff: TStaffMember, member: MemberRow, to: string, actor: Actor = 'reviewer'): Promise<StatusMove> {
  const from = member.workflowStatus;
  if (!isWorkflowStatus(to)) throw refusal(SERVER_MSG.unknownStatus(to), from);
  return planMove(ctx, member, to, { actor, staffUserId: staff.id });
}

/**
 * Commits a staff member's move with its side effects and the staff action (who, what, on whom,
 * before and after) in one transaction; a lost race answers the refusal with the status that won.
 */
export async function commitStaffMove(
  ctx: AppContext,
  staff: TStaffMember,
  member: MemberRow,
  action: string,
  move: StatusMove,
  effects: Omit<Transition, 'userId' | 'move' | 'at' | 'staffAction'> & { after?: Record<string, unknown> } = {},
): Promise<TStaffActionResponse> {
  const application = await ensureActiveApplication(ctx, member.id, move.at);
  const { after, ...rest } = effects;
  const afterMember = { workflowStatus: move.to, notQualifiedReason: rest.member ? rest.member.notQualifiedReason : member.notQualifiedReason };
  const afterApplication = rest.application ? ({ ...application, ...rest.application.patch } as ApplicationRow) : application;
  const staffAction = {
    staffUserId: staff.id,
    action,
    targetUserId: member.id,
    before: snapshot(member, application),
    after: snapshot(afterMember, afterApplication, after),
    at: move.at,
  };
  await commitMove(ctx, member, async () => (await ctx.repos.review.commit({ userId: member.id, move, ...rest, staffAction, at: move.at })).ok);
  return { ok: true, previous_status: move.from, new_status: move.to };
}
