import { ZStepGetResponse, ZStepPostResponse } from '@payrail/contract/newflow';
import type { TStepGetResponse, TStepPostResponse } from '@payrail/contract/newflow';
import { apiClient } from './api-client';
import { refusedStatus } from '@payrail/client/workflow-refusal';
import type { WorkflowStatus } from '@payrail/domain/workflow/statuses';

/**
 * The generic new-flow step calls (newflow-and-dashboard.md §7, docs/newflow.md): every new-flow screen
 * reads its step with `GET {flow}/applicationflow/application_step/{step}` and submits with `POST
 * {flow}/applicationflow/application_step` (the payload names its step in `workflow_status_key`); the
 * answer's `new_status` is where the applicant goes next (app/workflow.ts). Shared by the workflow client
 * and the new-flow feature, so it lives here.
 */

/** GET …/application_step/{step}: base fields plus `data` (the screen parses it with its step's schema). */
export function getApplicationStep(step: string): Promise<TStepGetResponse> {
  return apiClient.get(`/applicationflow/application_step/${encodeURIComponent(step)}`, { base: 'flow', schema: ZStepGetResponse });
}

export interface StepPostResult extends TStepPostResponse {
  /** HTTP status of the answer: phone_validation answers 201 when it sent a code (newflow §4). */
  status: number;
}

/** POST …/application_step with the step payload (it carries `workflow_status_key`). */
export async function postApplicationStep(body: { workflow_status_key: string } & Record<string, unknown>): Promise<StepPostResult> {
  let status = 0;
  const answer = await apiClient.post('/applicationflow/application_step', body, {
    base: 'flow',
    schema: ZStepPostResponse,
    onStatus: (code) => (status = code),
  });
  return { ...answer, status };
}

/** A step posted out of order answers 409 `{ error, current_status }`: the status to adopt. */
export function refusedStepStatus(error: unknown): WorkflowStatus | null {
  return refusedStatus(error, [409]);
}
