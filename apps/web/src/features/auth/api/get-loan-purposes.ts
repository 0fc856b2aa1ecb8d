import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { ZLoanPurpose } from '@payrail/contract/reference';
import type { TLoanPurpose } from '@payrail/contract/reference';
import { apiClient } from '../../../lib/api-client';

/** GET /loan_purposes (reference data, no token): the 8 purposes of newflow §3. */
export function useLoanPurposes() {
  return useQuery<TLoanPurpose[]>({ queryKey: ['loan_purposes'], queryFn: () => apiClient.get('/loan_purposes', { auth: false, schema: z.array(ZLoanPurpose) }), staleTime: Infinity });
}
