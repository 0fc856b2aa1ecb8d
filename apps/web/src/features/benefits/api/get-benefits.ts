import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TBenefits } from '@payrail/contract/shell-reads';
import type { ResponseSchema } from '@payrail/client/http-client';
import { BENEFIT_LEVELS } from '@payrail/domain/referral/rewards';
import { apiClient } from '../../../lib/api-client';
import { boolean, oneOf, record, string } from '../../../lib/wire-check';

export type { TBenefits } from '@payrail/contract/shell-reads';

/** The contract's `ZBenefits`, checked by hand: the signed-in shell draws the medal without waiting for zod (wire-check.ts). */
export const benefitsSchema: ResponseSchema<TBenefits> = {
  parse(data) {
    const answer = record(data, 'benefits');
    return {
      level: oneOf(answer.level, BENEFIT_LEVELS, 'benefits.level'),
      color: string(answer.color, 'benefits.color'),
      read: boolean(answer.read, 'benefits.read'),
    };
  },
};

/** GET {dashboard}/benefits: the borrower's referral medal (zero, bronze, silver, gold) and its colour. */
export function getBenefits(): Promise<TBenefits> {
  return apiClient.get('/benefits', { base: 'dashboard', schema: benefitsSchema });
}

export const benefitsQueryOptions = () => queryOptions({ queryKey: ['benefits'], queryFn: getBenefits, staleTime: 5 * 60_000 });

export function useBenefits() {
  return useQuery(benefitsQueryOptions());
}
