import { ZOkStatusResponse } from '@payrail/contract/application';
import type { TChangeIncomeSourceRequest, TOkStatusResponse } from '@payrail/contract/application';
import { apiClient } from '../../../lib/api-client';

/** POST {flow}/change_income_source (`ZChangeIncomeSourceRequest`): a source other than Employed. */
export function changeIncomeSource(body: TChangeIncomeSourceRequest): Promise<TOkStatusResponse> {
  return apiClient.post('/change_income_source', body, { base: 'flow', schema: ZOkStatusResponse });
}
