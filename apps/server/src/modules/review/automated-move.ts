import type { WorkflowContext } from '@payrail/domain/workflow/machine';
import type { AppContext } from '../../context';
import { moveIfAllowed } from '../workflow/move';
import type { StatusMove } from '../workflow/repository';

/**
 * A move the automated underwriting makes on its own: one the table gives the system, or — only when
 * REQUIRE_HUMAN_REVIEW is off and `inReviewersPlace` — a reviewer's move the automated decision takes
 * in the underwriter's place. Either way it is stored with actor `system` (no staff member), so the
 * history says truthfully that no person decided. Null when the table has no such move.
 */
export function automatedMove(
  ctx: AppContext,
  p: { userId: number; from: string; to: string; context: WorkflowContext; inReviewersPlace: boolean },
): StatusMove | null {
  const at = ctx.now();
  const own = moveIfAllowed({ userId: p.userId, from: p.from, to: p.to, actor: 'system', context: p.context, at });
  if (own) return own;
  if (!p.inReviewersPlace || ctx.config.requireHumanReview) return null;
  const standIn = moveIfAllowed({ userId: p.userId, from: p.from, to: p.to, actor: 'reviewer', context: p.context, at });
  return standIn ? { ...standIn, actor: 'system' } : null;
}
