import type { TNavigationStackResponse } from '@payrail/contract/identity';
import { navigationStack } from '@payrail/domain/workflow/machine';
import { isWorkflowStatus } from '@payrail/domain/workflow/statuses';
import type { AppContext } from '../../../context';
import type { MemberRow } from '../../../db/rows';
import { loadWorkflowFacts } from './load-workflow-facts';

/** GET /workflow/navigation_stack: the back-button stack derived from the stored transitions. */
export async function getNavigationStack(ctx: AppContext, member: MemberRow): Promise<TNavigationStackResponse> {
  const current = member.workflowStatus;
  // Every write goes through the machine: a stored status it does not know is a server fault, not the borrower's.
  if (!isWorkflowStatus(current)) throw new Error(`Member ${member.id} is in an unknown workflow status.`);
  const { history } = await loadWorkflowFacts(ctx, member.id);
  return { navigation_stack: navigationStack(history), current_status: current };
}
