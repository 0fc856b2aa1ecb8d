import { ZReferencesResponse } from '@payrail/contract/application';
import type { TReferencesResponse } from '@payrail/contract/application';
import { apiClient } from '../lib/api-client';

/** GET {flow}/about_yourself/borrower_references: the borrower's two references. */
export function getReferences(): Promise<TReferencesResponse> {
  return apiClient.get('/about_yourself/borrower_references', { base: 'flow', schema: ZReferencesResponse });
}
