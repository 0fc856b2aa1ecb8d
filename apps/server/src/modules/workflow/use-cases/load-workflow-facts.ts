import { feedbackFacts } from '@payrail/domain/workflow/feedback-facts';
import type { HistoryEntry, WorkflowContext } from '@payrail/domain/workflow/machine';
import { wasSubmitted } from '@payrail/domain/workflow/machine';
import { isWorkflowStatus } from '@payrail/domain/workflow/statuses';
import type { AppContext } from '../../../context';
import { findBorrower, findMember } from '../../identity/members';

/**
 * The history and the guard facts of a member's workflow: phone confirmed, a linked (aggregator) bank
 * account as the live receiving account, submitted before, what the open feedback asks, which flow.
 */
export async function loadWorkflowFacts(ctx: AppContext, userId: number): Promise<{ history: HistoryEntry[]; context: WorkflowContext }> {
  const [rows, borrower, feedback, member, receiver] = await Promise.all([
    ctx.repos.workflow.history(userId),
    findBorrower(ctx, userId),
    ctx.hooks.workflow.openFeedback(ctx, userId),
    findMember(ctx, userId),
    ctx.hooks.workflow.receiverAccount(ctx, userId),
  ]);
  // A status renamed or removed since it was stored cannot take part in the stack.
  const history = rows.flatMap((r): HistoryEntry[] =>
    isWorkflowStatus(r.toStatus) ? [{ from: r.fromStatus !== null && isWorkflowStatus(r.fromStatus) ? r.fromStatus : null, to: r.toStatus }] : [],
  );
  return {
    history,
    context: {
      phoneConfirmed: borrower?.phoneConfirmedAt != null,
      bankLinked: receiver?.source === 'linked',
      submittedBefore: wasSubmitted(history),
      // The reviewer's open feedback request (modules/review) says what answering it leads to.
      ...feedbackFacts(feedback),
      newFlow: member?.newFlow ?? false,
    },
  };
}
