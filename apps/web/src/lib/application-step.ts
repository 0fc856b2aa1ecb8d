import { z } from 'zod';
import { apiClient } from './api-client';

/**
 * The generic new-flow step calls (newflow-and-dashboard.md §7): every new-flow screen reads its step
 * with `GET {flow}/applicationflow/application_step/{step}` and submits with `POST
 * {flow}/applicationflow/application_step` (the payload names its step in `workflow_status_key`); the
 * answer's `new_status` is where the applicant goes next (app/workflow.ts). Shared by the workflow client
 * and the new-flow feature, so it lives here.
 */

/** What every step read may carry besides its own data (§3 "Application data read", §4 empty-stack rule). */
export const ZStepEnvelope = z.looseObject({
  new_status: z.string().nullish(),
  finalized_application: z.boolean().nullish(),
  error: z.unknown().optional(),
});
export type TStepEnvelope = z.infer<typeof ZStepEnvelope>;

export const ZStepAnswer = z.looseObject({ new_status: z.string().nullish() });
export type TStepAnswer = z.infer<typeof ZStepAnswer>;

/** GET …/application_step/{step}: the step's data, validated by the screen's own schema. */
export function getApplicationStep<T = TStepEnvelope>(step: string, schema?: { parse(data: unknown): T }): Promise<T> {
  return apiClient.get(`/applicationflow/application_step/${encodeURIComponent(step)}`, { base: 'flow', schema: schema ?? (ZStepEnvelope as unknown as { parse(data: unknown): T }) });
}

/** POST …/application_step with the step payload (it carries `workflow_status_key`). */
export function postApplicationStep(body: { workflow_status_key: string } & Record<string, unknown>, options: { globalErrors?: boolean } = {}): Promise<TStepAnswer> {
  return apiClient.post('/applicationflow/application_step', body, { base: 'flow', schema: ZStepAnswer, ...options });
}
