import { ZOkStatusResponse } from '@payrail/contract/application';
import type { TEmployerSelectedRequest, TOkStatusResponse } from '@payrail/contract/application';
import { apiClient } from '../../../lib/api-client';

/** PATCH {flow}/employer_selected (`ZEmployerSelectedRequest`): answers the status the borrower moves to. */
export function selectEmployer(body: TEmployerSelectedRequest): Promise<TOkStatusResponse> {
  return apiClient.patch('/employer_selected', body, { base: 'flow', schema: ZOkStatusResponse });
}
