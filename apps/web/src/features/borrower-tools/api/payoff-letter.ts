import { useQuery } from '@tanstack/react-query';
import { ZPayoffLetterResponse } from '@payrail/contract/borrower-tools';
import type { TPayoffLetterResponse } from '@payrail/contract/borrower-tools';
import { apiClient } from '../../../lib/api-client';

/** GET /loans/{loanId}/payoff_letter/{date}: the payoff letter's figures, good through `date`. */
export function getPayoffLetter(loanId: number, date: string): Promise<TPayoffLetterResponse> {
  return apiClient.get(`/loans/${loanId}/payoff_letter/${date}`, { base: 'dashboard', schema: ZPayoffLetterResponse });
}

// Under the servicing key, so a payment (which refreshes every servicing query) refreshes the letter too.
export const payoffLetterQueryKey = (loanId: number, date: string) => ['servicing', 'payoff-letter', loanId, date] as const;

export function usePayoffLetter(loanId: number, date: string, enabled: boolean) {
  return useQuery({ queryKey: payoffLetterQueryKey(loanId, date), queryFn: () => getPayoffLetter(loanId, date), enabled, retry: false });
}

/** GET /loans/{loanId}/payoff_letter/{date}/pdf → the letter as a PDF. */
export function downloadPayoffLetter(loanId: number, date: string): Promise<Blob> {
  return apiClient.get<Blob>(`/loans/${loanId}/payoff_letter/${date}/pdf`, { base: 'dashboard', responseType: 'blob' });
}
