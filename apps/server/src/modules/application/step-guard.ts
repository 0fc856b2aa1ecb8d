import { APPLICATION_MSG } from '@payrail/contract/application';
import type { WorkflowStatus } from '@payrail/domain/workflow/statuses';
import type { MemberRow } from '../identity/repository';
import { refusal } from '../workflow/use-cases/refuse';

/**
 * Refuses a step call made in a status whose page does not make it: 422 `{ error, current_status }`,
 * the answer the SPA adopts to go to the page of the status it is really in.
 */
export function assertStep(member: MemberRow, allowed: readonly WorkflowStatus[]): void {
  if (!(allowed as readonly string[]).includes(member.workflowStatus)) {
    throw refusal(APPLICATION_MSG.stepNotAvailable(member.workflowStatus), member.workflowStatus);
  }
}

/** Any status but the e-mail confirmation: reading one's own answers is harmless once the account is confirmed. */
export function assertConfirmed(member: MemberRow): void {
  if (member.workflowStatus === 'email_confirmation') throw refusal(APPLICATION_MSG.stepNotAvailable(member.workflowStatus), member.workflowStatus);
}

/** Where the About-yourself answers can be edited: the step itself, the employer step (working time, military), the review pages. */
export const EDIT_STATUSES: readonly WorkflowStatus[] = ['about_yourself', 'employer', 'application_review', 'refinancing_review'];
