import { useQuery } from '@tanstack/react-query';
import { ZPaymentHistoryResponse } from '@payrail/contract/servicing';
import type { TPaymentRow } from '@payrail/contract/servicing';
import { isApiError } from '@payrail/client/http-client';
import { apiClient } from '../../../lib/api-client';
import { SERVICING_KEY } from './keys';

/** GET /loans/history/payments?loan_id=: posted payments of one loan. Silent on failure (empty). */
export async function getPaymentHistory(loanId: number): Promise<TPaymentRow[]> {
  try {
    return (await apiClient.get('/loans/history/payments', { base: 'dashboard', query: { loan_id: loanId }, schema: ZPaymentHistoryResponse })).payments;
  } catch (error) {
    if (isApiError(error) && error.status !== 401 && error.status !== 503) return [];
    throw error;
  }
}

export function usePaymentHistory(loanId: number | null) {
  return useQuery({
    queryKey: [...SERVICING_KEY, 'payments', loanId],
    queryFn: () => getPaymentHistory(loanId ?? 0),
    enabled: loanId !== null,
    retry: false,
  });
}
