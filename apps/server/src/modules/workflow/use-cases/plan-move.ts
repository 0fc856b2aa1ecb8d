import type { Actor, WorkflowContext } from '@payrail/domain/workflow/machine';
import { decideTransition } from '@payrail/domain/workflow/machine';
import { NEWFLOW_FIRST_STEP, isWorkflowStatus } from '@payrail/domain/workflow/statuses';
import type { StatusMove } from '../repository';

/**
 * The stored move for `from → to` when the table allows it for `actor` with these facts, else null.
 * Side-effect use cases (confirming an e-mail, sending or verifying a phone code) move the status this
 * way only when the member is where the move starts; otherwise they leave the status alone.
 */
export function planMove(p: { userId: number; from: string; to: string; actor: Actor; context: WorkflowContext; at: Date }): StatusMove | null {
  if (!isWorkflowStatus(p.from) || !isWorkflowStatus(p.to)) return null;
  const decision = decideTransition(p.from, p.to, p.actor, p.context);
  return decision.ok ? { userId: p.userId, from: p.from, to: p.to, event: decision.event, actor: p.actor, at: p.at } : null;
}

/** Facts for moves that have no guard (e-mail confirmation): a guarded move is refused with these. */
export const NO_FACTS: WorkflowContext = { phoneConfirmed: false, bankLinked: false, submittedBefore: false, feedbackAsksBankLink: false, feedbackAsksAllotment: false, newFlow: false };

/**
 * The move a confirmed e-mail makes (system): email_confirmation → about_yourself, or → job_info for a
 * new-flow account (access §4 "goes to job_info (new flow)"). Null when the member is elsewhere.
 */
export function confirmationMove(member: { id: number; workflowStatus: string; newFlow: boolean }, at: Date): StatusMove | null {
  const to = member.newFlow ? NEWFLOW_FIRST_STEP : 'about_yourself';
  return planMove({ userId: member.id, from: member.workflowStatus, to, actor: 'system', context: { ...NO_FACTS, newFlow: member.newFlow }, at });
}
