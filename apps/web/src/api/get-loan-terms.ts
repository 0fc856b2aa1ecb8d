import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { ZLoanTerms } from '@payrail/contract/application';
import type { TLoanTerms } from '@payrail/contract/application';
import { apiClient } from '../lib/api-client';

/** GET {flow}/loan[?amount=cents]: the terms priced for the chosen amount (the stored one without it). */
export function getLoanTerms(amount?: number): Promise<TLoanTerms> {
  return apiClient.get('/loan', { base: 'flow', query: { amount }, schema: ZLoanTerms });
}

export const loanTermsQueryOptions = (amount?: number) =>
  queryOptions({ queryKey: ['loan', 'terms', amount ?? null], queryFn: () => getLoanTerms(amount), staleTime: 0 });

/** The terms for `amount` (undefined: the stored ones); the previous figures stay while re-pricing. */
export function useLoanTerms(amount?: number) {
  return useQuery({ ...loanTermsQueryOptions(amount), placeholderData: keepPreviousData, retry: false });
}
