import { useMutation, useQuery } from '@tanstack/react-query';
import { ZBankInformation, ZBankInformationResponse, ZBankNameResponse } from '@payrail/contract/banking';
import type { TBankInformation, TBankUpdateFieldRequest } from '@payrail/contract/banking';
import { ZStatusRefused, ZStatusResponse } from '@payrail/contract/identity';
import type { z } from 'zod';
import { apiClient } from '../../../lib/api-client';
import { isApiError } from '@payrail/client/http-client';

/**
 * The borrower's bank information (docs/banking-and-esignature.md "Bank information"): read, the manual
 * form's save, the bank-name lookup, the manual verification and the confirm that leaves the bank step.
 */

export const bankInformationQueryKey = ['bank_information'] as const;

/** GET {flow}/bank_informations; the 404 "no bank account" is the empty state (null), not an error. */
export async function getBankInformation(): Promise<TBankInformation | null> {
  try {
    return await apiClient.get('/bank_informations', { base: 'flow', schema: ZBankInformation });
  } catch (error) {
    if (isApiError(error) && error.status === 404) return null;
    throw error;
  }
}

export function useBankInformation() {
  return useQuery({ queryKey: bankInformationQueryKey, queryFn: getBankInformation, staleTime: 0 });
}

/** POST {flow}/bank_informations/update_field: one or more fields; field errors come back as `errors`. */
export function updateBankFields(fields: TBankUpdateFieldRequest['bank_information']) {
  return apiClient.post('/bank_informations/update_field', { bank_information: fields }, { base: 'flow', schema: ZBankInformationResponse });
}

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

/** GET {flow}/bank_informations/bank_name/{routing}: the bank's name, or null for the 404 "Bank not found!". */
export async function lookupBankName(routing: string, signal?: AbortSignal): Promise<string | null> {
  try {
    const { bank_name } = await apiClient.get(`/bank_informations/bank_name/${encodeURIComponent(routing)}`, { base: 'flow', schema: ZBankNameResponse, signal });
    return bank_name;
  } catch (error) {
    if (isApiError(error) && error.status === 404) return null;
    throw error;
  }
}

/** The bank behind a complete routing number (9 digits or more); idle for fewer digits. */
export function useBankName(routing: string) {
  return useQuery({
    queryKey: ['bank_name', routing],
    queryFn: ({ signal }) => lookupBankName(routing, signal),
    enabled: routing.length >= 9,
    staleTime: Infinity,
    retry: false,
  });
}

/** A step call refused in this status: 422 `{ error, current_status }`. */
export function refusedStatus(error: unknown): { error: string; current_status: string } | null {
  if (!isApiError(error)) return null;
  const parsed = ZStatusRefused.safeParse(error.data);
  return parsed.success ? parsed.data : null;
}

/** Errors the global handler already told the borrower about (session, permission, maintenance). */
export function isHandledGlobally(error: unknown): boolean {
  return isApiError(error) && (error.status === 401 || error.status === 403 || error.status === 503);
}
