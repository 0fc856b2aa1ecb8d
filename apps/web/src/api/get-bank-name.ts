import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZBankNameResponse } from '@payrail/contract/banking';
import { isApiError } from '@payrail/client/http-client';
import { apiClient } from '../lib/api-client';
import type { BankInformationBase } from './get-bank-information';

/** GET {flow|dashboard}/bank_informations/bank_name/{routing}: the bank's name, or null for the 404 "Bank not found!". */
export async function getBankName(routing: string, options: { base?: BankInformationBase; signal?: AbortSignal } = {}): Promise<string | null> {
  try {
    const { bank_name } = await apiClient.get(`/bank_informations/bank_name/${encodeURIComponent(routing)}`, {
      base: options.base ?? 'flow',
      schema: ZBankNameResponse,
      signal: options.signal,
    });
    return bank_name;
  } catch (error) {
    if (isApiError(error) && error.status === 404) return null;
    throw error;
  }
}

export const bankNameQueryOptions = (routing: string, base: BankInformationBase = 'flow') =>
  queryOptions({ queryKey: ['bank-name', routing], queryFn: ({ signal }) => getBankName(routing, { base, signal }), staleTime: Infinity, retry: false });

/** The bank behind a complete routing number (9 digits); idle for fewer digits. */
export function useBankName(routing: string, base: BankInformationBase = 'flow') {
  return useQuery({ ...bankNameQueryOptions(routing, base), enabled: routing.length >= 9 });
}
