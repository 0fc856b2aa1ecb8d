import { ZNewEmployerResponse } from '@payrail/contract/application';
import type { TNewEmployerRequest } from '@payrail/contract/application';
import { apiClient } from '../../../lib/api-client';

/** POST {flow}/employers: an employer that is not listed (`ZNewEmployerRequest`); answers its id. */
export function createEmployer(body: TNewEmployerRequest): Promise<{ employer_id: number }> {
  return apiClient.post('/employers', body, { base: 'flow', schema: ZNewEmployerResponse });
}
