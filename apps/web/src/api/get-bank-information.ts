import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZBankInformation } from '@payrail/contract/banking';
import type { TBankInformation } from '@payrail/contract/banking';
import { isApiError } from '@payrail/client/http-client';
import { apiClient } from '../lib/api-client';
import type { ApiBase } from '../lib/api-client';
import type { QueryConfig } from './query-config';

/** The application flow's API and the dashboard's both answer the account on file. */
export type BankInformationBase = Extract<ApiBase, 'flow' | 'dashboard'>;

/** GET {flow|dashboard}/bank_informations: the account on file (masked); the 404 "no bank account" is null, not an error. */
export async function getBankInformation(base: BankInformationBase = 'flow'): Promise<TBankInformation | null> {
  try {
    return await apiClient.get('/bank_informations', { base, schema: ZBankInformation });
  } catch (error) {
    if (isApiError(error) && error.status === 404) return null;
    throw error;
  }
}

/** Read afresh on every screen that shows it: the bank step, the review and feedback change it. */
export const bankInformationQueryOptions = (base: BankInformationBase = 'flow') =>
  queryOptions({ queryKey: ['bank-information', base], queryFn: () => getBankInformation(base), staleTime: 0 });

/** Invalidating this prefix refreshes the account on file wherever it is shown. */
export const bankInformationQueryPrefix = ['bank-information'] as const;

export function useBankInformation(config: QueryConfig & { base?: BankInformationBase } = {}) {
  const { base, ...rest } = config;
  return useQuery({ ...bankInformationQueryOptions(base), ...rest });
}
