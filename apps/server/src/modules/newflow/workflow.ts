import { NEWFLOW_MSG } from '@payrail/contract/newflow';
import type { Actor, WorkflowContext } from '@payrail/domain/workflow/machine';
import { STATUS_KIND, isWorkflowStatus, type WorkflowStatus } from '@payrail/domain/workflow/statuses';
import type { AppContext } from '../../context';
import { AppError } from '../../errors';
import type { MemberRow } from '../../db/rows';
import type { StatusMove } from '../workflow/repository';
import { commitMove, planMove } from '../workflow/move';
import type { NewflowPatch } from './repository';

/** A step posted where the application is not: 409 `{ error, current_status }` (the SPA adopts the status). */
export const stepNotOpen = (current: string): AppError => new AppError('conflict', NEWFLOW_MSG.stepNotOpen, { extra: { current_status: current } });

/** True once the borrower's part is done: the application is with a reviewer or ended. */
export function isFinalized(status: string): boolean {
  return isWorkflowStatus(status) && (STATUS_KIND[status] === 'review' || STATUS_KIND[status] === 'final');
}

/** The move `member.status → to` for `actor` with the member's facts (and `facts` the caller knows), or a 409. */
export function planStepMove(
  ctx: AppContext,
  member: MemberRow,
  to: WorkflowStatus,
  actor: Actor = 'borrower',
  facts: Partial<WorkflowContext> = {},
): Promise<StatusMove> {
  return planMove(ctx, member, to, { actor, facts, refuse: stepNotOpen });
}

/** Saves the new-flow patch and moves, in one transaction; a lost race is the 409 with the status that won. */
export async function saveAndMove(
  ctx: AppContext,
  member: MemberRow,
  patch: NewflowPatch,
  to: WorkflowStatus,
  actor: Actor = 'borrower',
  facts: Partial<WorkflowContext> = {},
): Promise<WorkflowStatus> {
  const move = await planStepMove(ctx, member, to, actor, facts);
  return commitMove(ctx, member, async () => (await ctx.repos.newflow.saveAndMove(member.id, patch, move)) && to, stepNotOpen);
}
