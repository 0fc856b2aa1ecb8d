import { useQuery } from '@tanstack/react-query';
import type { TScheduledPayment } from '@payrail/contract/servicing';
import { apiClient } from '../../../lib/api-client';
import { SERVICING_KEY } from './keys';

/** GET /transactions/loan/{loanId}: the loan's payments (transactions); the table shows the scheduled ones. */
export function getTransactions(loanId: number): Promise<TScheduledPayment[]> {
  return apiClient
    .get(`/transactions/loan/${loanId}`, {
      base: 'dashboard',
      schema: import('@payrail/contract/servicing').then((contract) => contract.ZScheduledPaymentsResponse),
    })
    .then((answer) => answer.transactions);
}

export function useTransactions(loanId: number | null) {
  return useQuery({
    queryKey: [...SERVICING_KEY, 'transactions', loanId],
    queryFn: () => getTransactions(loanId ?? 0),
    enabled: loanId !== null,
    retry: false,
  });
}
