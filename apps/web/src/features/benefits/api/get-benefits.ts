import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZBenefits } from '@payrail/contract/identity';
import type { z } from 'zod';
import { apiClient } from '../../../lib/api-client';

export type TBenefits = z.infer<typeof ZBenefits>;

/** GET {dashboard}/benefits: the borrower's referral medal (zero, bronze, silver, gold) and its colour. */
export function getBenefits(): Promise<TBenefits> {
  return apiClient.get('/benefits', { base: 'dashboard', schema: ZBenefits });
}

export const benefitsQueryOptions = () => queryOptions({ queryKey: ['benefits'], queryFn: getBenefits, staleTime: 5 * 60_000 });

export function useBenefits() {
  return useQuery(benefitsQueryOptions());
}
