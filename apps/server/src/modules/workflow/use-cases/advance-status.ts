import type { TStatusResponse } from '@payrail/contract/identity';
import { isWorkflowStatus } from '@payrail/domain/workflow/statuses';
import type { AppContext } from '../../../context';
import type { MemberRow } from '../../../db/rows';
import { commitMove, moved, outOfDate, planAdvance } from '../move';

/**
 * POST /workflow/next_status: the borrower's "Continue". The SPA says which status it believes it is in;
 * if that is stale (another tab, a reviewer) it gets the real one back instead of skipping a step.
 */
export async function advanceStatus(ctx: AppContext, member: MemberRow, currentStatus: string): Promise<TStatusResponse> {
  const from = member.workflowStatus;
  if (currentStatus !== from || !isWorkflowStatus(from)) throw outOfDate(from);
  const move = await planAdvance(ctx, member);
  await commitMove(ctx, member, () => ctx.repos.workflow.move(move));
  return moved(move.to);
}
