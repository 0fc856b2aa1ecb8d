import type { TStatusResponse } from '@payrail/contract/identity';
import { SERVER_MSG } from '@payrail/contract/messages';
import { decideBorrowerMove } from '@payrail/domain/workflow/machine';
import { isWorkflowStatus } from '@payrail/domain/workflow/statuses';
import type { AppContext } from '../../../context';
import type { MemberRow } from '../../../db/rows';
import { commitMove, moved } from '../move';
import { loadWorkflowFacts } from './load-workflow-facts';
import { refusal, refusalFor } from './refuse';

/**
 * POST /workflow/change_status (and POST /change_status): a move the borrower chooses — a back move to
 * the previous page, manual bank entry, a repay method. Asking for the status one is in is a no-op.
 * A back move is planned with the history (`decideBorrowerMove`), so it is planned here rather than
 * with `planMove`; it is committed like every other move.
 */
export async function changeStatus(ctx: AppContext, member: MemberRow, newStatus: string): Promise<TStatusResponse> {
  const from = member.workflowStatus;
  if (!isWorkflowStatus(newStatus)) throw refusal(SERVER_MSG.unknownStatus(newStatus), from);
  if (newStatus === from) return moved(newStatus);
  if (!isWorkflowStatus(from)) throw refusal(SERVER_MSG.statusRefused(from, newStatus), from);
  // The refinance review's Confirm: the server checks what the screen asks before the move.
  // (From the refinance terms, only a counteroffer's loan_amount_changed page goes straight to review.)
  if ((from === 'refinancing_review' || from === 'refinancing_loan_terms') && newStatus === 'ready_for_review')
    return ctx.hooks.workflow.refinanceReviewConfirmed(ctx, member);
  const { context, history } = await loadWorkflowFacts(ctx, member.id);
  const decision = decideBorrowerMove(from, newStatus, context, history);
  if (!decision.ok) throw refusalFor(decision, from, newStatus);
  const move = { userId: member.id, from, to: newStatus, event: decision.event, actor: 'borrower' as const, at: ctx.now() };
  await commitMove(ctx, member, () => ctx.repos.workflow.move(move));
  return moved(newStatus);
}
