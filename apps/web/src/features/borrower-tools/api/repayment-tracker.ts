import { useQuery } from '@tanstack/react-query';
import { ZRepaymentTrackerResponse } from '@payrail/contract/borrower-tools';
import type { TRepaymentTrackerResponse } from '@payrail/contract/borrower-tools';
import { apiClient } from '../../../lib/api-client';

/** GET /loans/{loanId}/repayment_tracker: per pay date, expected vs received payroll remittance. */
export function getRepaymentTracker(loanId: number): Promise<TRepaymentTrackerResponse> {
  return apiClient.get(`/loans/${loanId}/repayment_tracker`, { base: 'dashboard', schema: ZRepaymentTrackerResponse });
}

export function useRepaymentTracker(loanId: number) {
  // Under the servicing key: a payment or a new business date refreshes it with the rest.
  return useQuery({ queryKey: ['servicing', 'repayment-tracker', loanId], queryFn: () => getRepaymentTracker(loanId), retry: false });
}
