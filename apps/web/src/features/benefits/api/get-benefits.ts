import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TBenefits } from '@payrail/contract/shell-reads';
import { apiClient } from '../../../lib/api-client';

export type { TBenefits } from '@payrail/contract/shell-reads';

/** GET {dashboard}/benefits: the borrower's referral medal (zero, bronze, silver, gold) and its colour. The schema loads with the request. */
export function getBenefits(): Promise<TBenefits> {
  return apiClient.get('/benefits', {
    base: 'dashboard',
    schema: import('@payrail/contract/shell-reads').then((contract) => contract.ZBenefits),
  });
}

export const benefitsQueryOptions = () => queryOptions({ queryKey: ['benefits'], queryFn: getBenefits, staleTime: 5 * 60_000 });

export function useBenefits() {
  return useQuery(benefitsQueryOptions());
}
