import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ZHardshipPage, ZHardshipRequest } from '@payrail/contract/hardship';
import type { THardshipAnswer, THardshipSubmit } from '@payrail/contract/hardship';
import { apiClient } from '../../../lib/api-client';

export const hardshipKeys = { page: (loanId: number) => ['hardship', 'page', loanId] as const };

/** GET {dashboard}/dashboard/loans/{loanId}/hardship: may the borrower ask now, the plans, the requests so far. */
export function useHardshipPage(loanId: number) {
  return useQuery({
    queryKey: hardshipKeys.page(loanId),
    queryFn: () => apiClient.get(`/dashboard/loans/${loanId}/hardship`, { base: 'dashboard', schema: ZHardshipPage }),
    refetchOnMount: 'always',
  });
}

/** POST {dashboard}/dashboard/loans/{loanId}/hardship_requests */
export function useSubmitHardship(loanId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: THardshipSubmit) =>
      apiClient.post(`/dashboard/loans/${loanId}/hardship_requests`, body, { base: 'dashboard', schema: ZHardshipRequest }),
    onSuccess: () => qc.invalidateQueries({ queryKey: hardshipKeys.page(loanId) }),
  });
}

/** POST {dashboard}/dashboard/hardship_requests/{id}/answer */
export function useAnswerHardship(loanId: number, id: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: THardshipAnswer) => apiClient.post(`/dashboard/hardship_requests/${id}/answer`, body, { base: 'dashboard', schema: ZHardshipRequest }),
    onSuccess: () => qc.invalidateQueries({ queryKey: hardshipKeys.page(loanId) }),
  });
}
