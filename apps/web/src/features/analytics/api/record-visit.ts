import type { ZVisitorRequest } from '@payrail/contract/identity';
import type { z } from 'zod';
import { apiClient } from '../../../lib/api-client';

export type TVisit = z.input<typeof ZVisitorRequest>;

/**
 * POST {flow}/visitor: the visitor log. Telemetry must never disturb the visit, so global handling is
 * off and failures are dropped.
 */
export async function recordVisit(visit: TVisit): Promise<void> {
  try {
    await apiClient.post('/visitor', visit, { base: 'flow', globalErrors: false });
  } catch {
    // Nothing to tell the visitor.
  }
}
