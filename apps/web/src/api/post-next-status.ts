import type { TStatusResponse } from '@payrail/contract/identity';
import { apiClient } from '../lib/api-client';

export type { TStatusResponse };

/**
 * POST {flow}/workflow/next_status: "continue" from the status the client believes it is in. The one
 * endpoint file for it: every step moves through `app/workflow.ts`, which calls this. The answer's
 * schema loads with the request (the workflow moves are in the new-flow shell: docs/architecture.md).
 */
export function postNextStatus(currentStatus: string): Promise<TStatusResponse> {
  return apiClient.post(
    '/workflow/next_status',
    { current_status: currentStatus },
    { base: 'flow', schema: import('@payrail/contract/identity').then((contract) => contract.ZStatusResponse) },
  );
}
