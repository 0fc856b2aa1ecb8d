import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { ZLoanPurpose } from '@payrail/contract/reference';
import type { TLoanPurpose } from '@payrail/contract/reference';
import { apiClient } from '../lib/api-client';
import type { QueryConfig } from './query-config';

/** GET {api}/loan_purposes: the purposes a borrower may give (newflow §3). Public reference data (no token). */
export function getLoanPurposes(): Promise<TLoanPurpose[]> {
  return apiClient.get('/loan_purposes', { auth: false, schema: z.array(ZLoanPurpose) });
}

export const loanPurposesQueryOptions = () => queryOptions({ queryKey: ['reference', 'loan-purposes'], queryFn: getLoanPurposes, staleTime: Infinity });

export function useLoanPurposes(config: QueryConfig = {}) {
  return useQuery({ ...loanPurposesQueryOptions(), ...config });
}
