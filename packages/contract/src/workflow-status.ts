import { WORKFLOW_STATUSES } from '@payrail/domain/workflow/statuses';
import { z } from 'zod';

/**
 * Every workflow status (classic-application-flow.md §4, the new flow's keys), as every answer that
 * carries one sends it. Requests take a plain string and the server refuses an unknown one with 422
 * `{ error, current_status }` (its own message, not a schema error).
 */
export const ZWorkflowStatus = z.enum(WORKFLOW_STATUSES);
export type TWorkflowStatus = z.infer<typeof ZWorkflowStatus>;
