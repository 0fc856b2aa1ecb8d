import { ZReferencesResponse } from '@payrail/contract/application';
import type { TReference, TReferencesResponse } from '@payrail/contract/application';
import { apiClient } from '../lib/api-client';

/** POST {flow}/about_yourself/update_references: both references at once (about yourself, the refinance review). */
export function updateReferences(references: TReference[]): Promise<TReferencesResponse> {
  return apiClient.post('/about_yourself/update_references', { references }, { base: 'flow', schema: ZReferencesResponse });
}
