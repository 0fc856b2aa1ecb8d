import { nextStatus } from '@payrail/domain/workflow/machine';
import { isWorkflowStatus } from '@payrail/domain/workflow/statuses';
import type { AppContext } from '../../context';
import type { StatusMove } from '../../lib/status-move';
import type { MemberRow } from '../../db/rows';
import { NO_FACTS, moveIfAllowed } from './move';
import { loadWorkflowFacts } from './use-cases/load-workflow-facts';

/** A number put on file at the application's phone step: phone_verification → phone_code_sent (system), or null (identity's hook). */
export const phoneCodeSentMove = (member: MemberRow, at: Date): StatusMove | null =>
  moveIfAllowed({ userId: member.id, from: member.workflowStatus, to: 'phone_code_sent', actor: 'system', context: NO_FACTS, at });

/**
 * The number confirmed at the application's phone step (identity's hook): the borrower's own step forward,
 * decided with the number already confirmed (phone_code_sent → loan_terms), or null.
 */
export async function phoneConfirmedMove(ctx: AppContext, member: MemberRow, at: Date): Promise<StatusMove | null> {
  if (!isWorkflowStatus(member.workflowStatus)) return null;
  const { context } = await loadWorkflowFacts(ctx, member.id);
  const decision = nextStatus(member.workflowStatus, { ...context, phoneConfirmed: true });
  return decision.ok && decision.when === 'phoneConfirmed'
    ? { userId: member.id, from: member.workflowStatus, to: decision.to, event: decision.event, actor: 'borrower', at }
    : null;
}
