import { ZBankInformationResponse } from '@payrail/contract/banking';
import type { TBankUpdateFieldRequest } from '@payrail/contract/banking';
import type { z } from 'zod';
import { apiClient } from '../lib/api-client';

/** POST {flow}/bank_informations/update_field: one or more fields; field errors come back as 422 `errors`. */
export function updateBankInformation(fields: TBankUpdateFieldRequest['bank_information']): Promise<z.infer<typeof ZBankInformationResponse>> {
  return apiClient.post('/bank_informations/update_field', { bank_information: fields }, { base: 'flow', schema: ZBankInformationResponse });
}
