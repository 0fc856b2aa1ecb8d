import { BANK_MSG } from '@payrail/contract/banking';
import { SERVER_MSG } from '@payrail/contract/messages';
import { type Actor, decideTransition, nextStatus, type WorkflowContext } from '@payrail/domain/workflow/machine';
import { isWorkflowStatus, type WorkflowStatus } from '@payrail/domain/workflow/statuses';
import type { AppContext } from '../../context';
import type { MemberRow } from '../identity/repository';
import type { StatusMove } from '../workflow/repository';
import { loadWorkflowFacts } from '../workflow/use-cases/load-workflow-facts';
import { refusal, refusalFor } from '../workflow/use-cases/refuse';

/**
 * How the banking, wallet and e-signature steps move through the workflow machine: a step call made in
 * a status that does not allow it is refused with 422 `{ error, current_status }` (the SPA adopts the
 * status), like POST /workflow/change_status refuses a move.
 */

/** Refuses the call unless the member is in one of `allowed`. */
export function requireStep(member: MemberRow, allowed: readonly WorkflowStatus[]): WorkflowStatus {
  const from = member.workflowStatus;
  if (!isWorkflowStatus(from) || !allowed.includes(from)) throw refusal(BANK_MSG.stepNotAvailable(from), from);
  return from;
}

/** The move `from → to` for `actor` with the member's facts (and any the caller knows better), or a refusal. */
export async function planMoveTo(ctx: AppContext, member: MemberRow, to: WorkflowStatus, opts: { actor?: Actor; facts?: Partial<WorkflowContext> } = {}): Promise<StatusMove> {
  const from = member.workflowStatus;
  const actor = opts.actor ?? 'borrower';
  if (!isWorkflowStatus(from)) throw refusal(SERVER_MSG.statusRefused(from, to), from);
  const { context } = await loadWorkflowFacts(ctx, member.id);
  const decision = decideTransition(from, to, actor, { ...context, ...opts.facts });
  if (!decision.ok) throw refusalFor(decision, from, to);
  return { userId: member.id, from, to, event: decision.event, actor, at: ctx.now() };
}

/** The borrower's generic advance from where the member is (the machine's ADVANCES), or a refusal. */
export async function planAdvance(ctx: AppContext, member: MemberRow, facts: Partial<WorkflowContext> = {}): Promise<StatusMove> {
  const from = member.workflowStatus;
  if (!isWorkflowStatus(from)) throw refusal(SERVER_MSG.noNextStatus(from), from);
  const { context } = await loadWorkflowFacts(ctx, member.id);
  const decision = nextStatus(from, { ...context, ...facts });
  if (!decision.ok) throw refusalFor(decision, from, null);
  return { userId: member.id, from, to: decision.to, event: decision.event, actor: 'borrower', at: ctx.now() };
}

/** The refusal when a planned move lost a race: the status that won. */
export async function lostMove(ctx: AppContext, member: MemberRow): Promise<never> {
  const now = (await ctx.repos.workflow.currentStatus(member.id)) ?? member.workflowStatus;
  throw refusal(SERVER_MSG.statusOutOfDate(now), now);
}

/** The answer of a step that moved the member (the shape of POST /workflow/next_status). */
export const moved = (status: string) => ({ new_status: status, workflow_status: { next_status: status } });
