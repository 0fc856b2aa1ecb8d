import { useQuery } from '@tanstack/react-query';
import { ZPayoffResponse } from '@payrail/contract/servicing';
import { apiClient } from '../../../lib/api-client';
import { SERVICING_KEY } from './keys';

/** GET /{loanId}/payoff/{date}. */
export function getPayoff(loanId: number, date: string) {
  return apiClient.get(`/${loanId}/payoff/${date}`, { base: 'dashboard', schema: ZPayoffResponse });
}

export function usePayoff(loanId: number, date: string, enabled: boolean) {
  return useQuery({ queryKey: [...SERVICING_KEY, 'payoff', loanId, date], queryFn: () => getPayoff(loanId, date), enabled, retry: false });
}
