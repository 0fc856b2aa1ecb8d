import { useQuery } from '@tanstack/react-query';
import { ZNextTermDateResponse } from '@payrail/contract/servicing';
import { apiClient } from '../../../lib/api-client';
import { SERVICING_KEY } from './keys';

/** GET /transactions/loan/next_term_date/{loanId}. */
export function getNextTermDate(loanId: number) {
  return apiClient.get(`/transactions/loan/next_term_date/${loanId}`, { base: 'dashboard', schema: ZNextTermDateResponse });
}

export function useNextTermDate(loanId: number, enabled: boolean) {
  return useQuery({ queryKey: [...SERVICING_KEY, 'next-term', loanId], queryFn: () => getNextTermDate(loanId), enabled, retry: false });
}
