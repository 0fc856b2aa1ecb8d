import { SERVER_MSG } from '@payrail/contract/messages';
import { nextStatus } from '@payrail/domain/workflow/machine';
import { isWorkflowStatus } from '@payrail/domain/workflow/statuses';
import type { AppContext } from '../../../context';
import type { MemberRow } from '../../identity/repository';
import { loadWorkflowFacts } from './load-workflow-facts';
import { refusal, refusalFor } from './refuse';

/**
 * POST /workflow/next_status: the borrower's "Continue". The SPA says which status it believes it is in;
 * if that is stale (another tab, a reviewer) it gets the real one back instead of skipping a step.
 */
export async function advanceStatus(ctx: AppContext, member: MemberRow, currentStatus: string): Promise<{ new_status: string; workflow_status: { next_status: string } }> {
  const from = member.workflowStatus;
  if (currentStatus !== from || !isWorkflowStatus(from)) throw refusal(SERVER_MSG.statusOutOfDate(from), from);
  const { context } = await loadWorkflowFacts(ctx, member.id);
  const decision = nextStatus(from, context);
  if (!decision.ok) throw refusalFor(decision, from, null);
  const moved = await ctx.repos.workflow.move({ userId: member.id, from, to: decision.to, event: decision.event, actor: 'borrower', at: ctx.now() });
  if (!moved) {
    const now = (await ctx.repos.workflow.currentStatus(member.id)) ?? from;
    throw refusal(SERVER_MSG.statusOutOfDate(now), now);
  }
  return { new_status: decision.to, workflow_status: { next_status: decision.to } };
}
