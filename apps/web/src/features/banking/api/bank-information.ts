import { useMutation } from '@tanstack/react-query';
import { ZBankInformationResponse } from '@payrail/contract/banking';
import { ZStatusResponse } from '@payrail/contract/identity';
import type { z } from 'zod';
import { apiClient } from '../../../lib/api-client';
import { isApiError } from '@payrail/client/http-client';

/**
 * The bank step's own calls (docs/banking-and-esignature.md "Bank information"): the manual verification
 * and the confirm that leaves the bank step. Reading the account, saving fields and the bank-name lookup
 * are shared endpoint files in `src/api/`. A refused step (`{ error, current_status }`) is read by
 * `@payrail/client/workflow-refusal`.
 */

/** GET {flow}/bank_informations/verify_manual: 422 `{ error }` is the red line under the form. */
export function verifyManualBank() {
  return apiClient.get('/bank_informations/verify_manual', { base: 'flow', schema: ZBankInformationResponse });
}

export type TBankConfirmResponse = z.infer<typeof ZStatusResponse>;

/** POST {flow}/bank_informations/confirm: needs a verified account; answers the next status. */
export function confirmBank(): Promise<TBankConfirmResponse> {
  return apiClient.post('/bank_informations/confirm', undefined, { base: 'flow', schema: ZStatusResponse });
}

export function useConfirmBank() {
  return useMutation({ mutationFn: confirmBank });
}

/** Errors the global handler already told the borrower about (session, permission, maintenance). */
export function isHandledGlobally(error: unknown): boolean {
  return isApiError(error) && (error.status === 401 || error.status === 403 || error.status === 503);
}
