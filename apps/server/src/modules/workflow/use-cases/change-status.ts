import { SERVER_MSG } from '@payrail/contract/messages';
import { decideBorrowerMove } from '@payrail/domain/workflow/machine';
import { isWorkflowStatus } from '@payrail/domain/workflow/statuses';
import type { AppContext } from '../../../context';
import type { MemberRow } from '../../identity/repository';
import { loadWorkflowFacts } from './load-workflow-facts';
import { refusal, refusalFor } from './refuse';
import { submitRefinanceReview } from '../../refinance/use-cases/submit-refinance-review';

/**
 * POST /workflow/change_status (and POST /change_status): a move the borrower chooses — a back move to
 * the previous page, manual bank entry, a repay method. Asking for the status one is in is a no-op.
 */
export async function changeStatus(ctx: AppContext, member: MemberRow, newStatus: string): Promise<{ new_status: string; workflow_status: { next_status: string } }> {
  const from = member.workflowStatus;
  if (!isWorkflowStatus(newStatus)) throw refusal(SERVER_MSG.unknownStatus(newStatus), from);
  if (newStatus === from) return { new_status: from, workflow_status: { next_status: from } };
  if (!isWorkflowStatus(from)) throw refusal(SERVER_MSG.statusRefused(from, newStatus), from);
  // The refinance review's Confirm: the server checks what the screen asks before the move.
  // (From the refinance terms, only a counteroffer's loan_amount_changed page goes straight to review.)
  if ((from === 'refinancing_review' || from === 'refinancing_loan_terms') && newStatus === 'ready_for_review') return submitRefinanceReview(ctx, member);
  const { context, history } = await loadWorkflowFacts(ctx, member.id);
  const decision = decideBorrowerMove(from, newStatus, context, history);
  if (!decision.ok) throw refusalFor(decision, from, newStatus);
  const moved = await ctx.repos.workflow.move({ userId: member.id, from, to: newStatus, event: decision.event, actor: 'borrower', at: ctx.now() });
  if (!moved) {
    const now = (await ctx.repos.workflow.currentStatus(member.id)) ?? from;
    throw refusal(SERVER_MSG.statusOutOfDate(now), now);
  }
  return { new_status: newStatus, workflow_status: { next_status: newStatus } };
}
