import type { Cents } from '@payrail/domain/money';
import type { Decision } from '@payrail/domain/underwriting/decide';
import type { WorkflowStatus } from '@payrail/domain/workflow/statuses';
import type { AppContext } from '../../context';
import type { MemberRow } from '../../db/rows';
import { statusNow } from '../workflow/move';
import { loadWorkflowFacts } from '../workflow/use-cases/load-workflow-facts';
import { ensureActiveApplication } from '../application/applications';
import { automatedMove } from './automated-move';
import { applyDenial } from './use-cases/apply-adverse-action';

/**
 * What the automated underwriting does with its decision once an application reaches review, when
 * REQUIRE_HUMAN_REVIEW is off (docs/underwriting-rules.md "How the server uses it"):
 * - approve → pre-approved: the borrower chooses how to repay (select_repay_method);
 * - deny → denied, with the not-qualified reason, the reapply date and the adverse-action notice;
 * - refer for an unlisted employer → employer_review; refer only because the amount is above the
 *   maximum → loan_amount_changed with the maximum as the counteroffer;
 * - any other refer (documents, missing information) stays in ready_for_review for an underwriter.
 * With REQUIRE_HUMAN_REVIEW on, nothing moves: the decision is the underwriter's recommendation.
 * Answers the status the application is in afterwards.
 */
export async function actOnDecision(ctx: AppContext, member: MemberRow, from: WorkflowStatus, decision: Decision): Promise<WorkflowStatus> {
  if (ctx.config.requireHumanReview) return from;
  const { context } = await loadWorkflowFacts(ctx, member.id);
  const moveTo = (to: string) => automatedMove(ctx, { userId: member.id, from, to, context, inReviewersPlace: true });
  const at = ctx.now();

  if (decision.outcome === 'deny') {
    const move = moveTo('denied');
    if (!move) return from;
    const done = await applyDenial(ctx, member, move, decision);
    return done ? 'denied' : from;
  }

  const codes = new Set(decision.reasons.map((r) => r.code));
  let to: WorkflowStatus | null = null;
  let negotiated: Cents | null = null;
  if (decision.outcome === 'approve') to = 'select_repay_method';
  else if (codes.has('employer_review')) to = 'employer_review';
  else if (codes.size === 1 && codes.has('amount_above_max') && decision.maxAmountCents > 0) {
    to = 'loan_amount_changed';
    negotiated = decision.maxAmountCents;
  }
  const move = to ? moveTo(to) : null;
  if (!move) return from;
  const application = await ensureActiveApplication(ctx, member.id, at);
  const committed = await ctx.repos.review.commit({
    userId: member.id,
    move,
    ...(negotiated !== null ? { application: { id: application.id, patch: { negotiatedAmountCents: negotiated } } } : {}),
    at,
  });
  return committed.ok ? move.to : statusNow(ctx, member.id, from);
}
