import { navigationStack } from '@payrail/domain/workflow/machine';
import type { AppContext } from '../../../context';
import type { MemberRow } from '../../identity/repository';
import { loadWorkflowFacts } from './load-workflow-facts';

/** GET /workflow/navigation_stack: the back-button stack derived from the stored transitions. */
export async function getNavigationStack(ctx: AppContext, member: MemberRow): Promise<{ navigation_stack: string[]; current_status: string }> {
  const { history } = await loadWorkflowFacts(ctx, member.id);
  return { navigation_stack: navigationStack(history), current_status: member.workflowStatus };
}
