/**
 * The one reader of a refused workflow move. A step or status change the server will not make in the
 * application's current status answers `{ error, current_status }` (422 for status moves and steps, 409 for a
 * classic step posted out of order; the contract's `ZStatusRefused` / `ZStepRefused`): the client adopts
 * `current_status` and opens its page. Checked by hand, without zod, so the new-flow shell (on the
 * sign-up page's first load) can use it too.
 */
import { WORKFLOW_STATUSES } from '@payrail/domain/workflow/statuses';
import type { WorkflowStatus } from '@payrail/domain/workflow/statuses';
import { isApiError } from './http-client';

/** The HTTP statuses a refused move answers with. */
export const REFUSAL_HTTP_STATUSES: readonly number[] = [409, 422];

export interface WorkflowRefusal {
  error: string;
  current_status: WorkflowStatus;
}

const KNOWN: ReadonlySet<string> = new Set(WORKFLOW_STATUSES);

/** The whole refusal (`{ error, current_status }`), or null when the error is anything else. */
export function workflowRefusal(error: unknown, httpStatuses: readonly number[] = REFUSAL_HTTP_STATUSES): WorkflowRefusal | null {
  if (!isApiError(error) || !httpStatuses.includes(error.status)) return null;
  const data = error.data;
  if (typeof data !== 'object' || data === null) return null;
  const { error: message, current_status: status } = data as Record<string, unknown>;
  if (typeof message !== 'string' || typeof status !== 'string' || !KNOWN.has(status)) return null;
  return { error: message, current_status: status as WorkflowStatus };
}

/** The status a refused move says the application is in, or null when the error is not such a refusal. */
export function refusedStatus(error: unknown, httpStatuses?: readonly number[]): WorkflowStatus | null {
  return workflowRefusal(error, httpStatuses)?.current_status ?? null;
}
