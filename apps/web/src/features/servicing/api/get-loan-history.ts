import { useQuery } from '@tanstack/react-query';
import type { TServicingLoan } from '@payrail/contract/servicing';
import { isApiError } from '@payrail/client/http-client';
import { apiClient } from '../../../lib/api-client';
import { SERVICING_KEY } from './keys';

/** GET /loans/history: every loan of the borrower, newest first. Failures are silent (spec §8): empty. */
export async function getLoanHistory(): Promise<TServicingLoan[]> {
  try {
    return (
      await apiClient.get('/loans/history', {
        base: 'dashboard',
        schema: import('@payrail/contract/servicing').then((contract) => contract.ZLoanHistoryResponse),
      })
    ).loans;
  } catch (error) {
    if (isApiError(error) && error.status !== 401 && error.status !== 503) return [];
    throw error;
  }
}

export function useLoanHistory() {
  return useQuery({ queryKey: [...SERVICING_KEY, 'history'], queryFn: getLoanHistory, retry: false });
}
