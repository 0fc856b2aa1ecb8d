import { ZUpdateFieldResponse } from '@payrail/contract/application';
import type { TFieldValue, TUpdateFieldResponse } from '@payrail/contract/application';
import { apiClient } from '../lib/api-client';

/**
 * POST {flow}/about_yourself/update_field `{ loan_borrower: { field: value, … } }`: the about-yourself
 * auto-save, the review's section edits and the employer step's answers. All fields are validated and
 * none is saved if one fails (422 `errors`).
 */
export function updateFields(values: Record<string, TFieldValue>): Promise<TUpdateFieldResponse> {
  return apiClient.post('/about_yourself/update_field', { loan_borrower: values }, { base: 'flow', schema: ZUpdateFieldResponse });
}
