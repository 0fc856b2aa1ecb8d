import type { TAllowedStatusesResponse } from '@payrail/contract/application';
import { allowedTransitions } from '@payrail/domain/workflow/machine';
import { isWorkflowStatus } from '@payrail/domain/workflow/statuses';
import type { AppContext } from '../../../context';
import { loadWorkflowFacts } from '../../workflow/use-cases/load-workflow-facts';
import { targetMember } from '../reviewer-move';

/** GET /api/backoffice/applications/{userId}/allowed_statuses: the moves a reviewer may make now (guards checked). */
export async function listAllowedStatuses(ctx: AppContext, userId: number): Promise<TAllowedStatusesResponse> {
  const member = await targetMember(ctx, userId);
  const from = member.workflowStatus;
  if (!isWorkflowStatus(from)) return { user_id: member.id, current_status: from, allowed_statuses: [], transitions: [] };
  const { context } = await loadWorkflowFacts(ctx, member.id);
  const rows = allowedTransitions(from).filter((t) => t.by.includes('reviewer') && (t.when === undefined || context[t.when]));
  return {
    user_id: member.id,
    current_status: from,
    allowed_statuses: [...new Set(rows.map((t) => t.to))],
    transitions: rows.map((t) => ({ to: t.to, event: t.event })),
  };
}
