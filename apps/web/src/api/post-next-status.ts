import { ZStatusResponse } from '@payrail/contract/identity';
import type { z } from 'zod';
import { apiClient } from '../lib/api-client';

export type TStatusResponse = z.infer<typeof ZStatusResponse>;

/**
 * POST {flow}/workflow/next_status: "continue" from the status the client believes it is in. The one
 * endpoint file for it: every step moves through `app/workflow.ts`, which calls this.
 */
export function postNextStatus(currentStatus: string): Promise<TStatusResponse> {
  return apiClient.post('/workflow/next_status', { current_status: currentStatus }, { base: 'flow', schema: ZStatusResponse });
}
