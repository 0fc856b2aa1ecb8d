import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ZDueDateChange, ZDueDateChangeOverview, ZDueDateChangePreview } from '@payrail/contract/care';
import type { TDueDateChangeRequest } from '@payrail/contract/care';
import { PAYMENT_IDEMPOTENCY_HEADER } from '@payrail/contract/servicing';
import { apiClient } from '../../../lib/api-client';

export const dueDateKeys = {
  overview: (loanId: number) => ['care', 'due-date-change', loanId] as const,
  preview: (loanId: number, date: string) => ['care', 'due-date-change', loanId, 'preview', date] as const,
};

/** GET {dashboard}/dashboard/loans/{id}/due_date_changes: the allowed window, why a change is refused now, the loan's changes. */
export function useDueDateChangeOverview(loanId: number) {
  return useQuery({
    queryKey: dueDateKeys.overview(loanId),
    queryFn: () => apiClient.get(`/dashboard/loans/${loanId}/due_date_changes`, { base: 'dashboard', schema: ZDueDateChangeOverview }),
    refetchOnMount: 'always',
  });
}

/** GET {dashboard}/dashboard/loans/{id}/due_date_change?date=: the re-disclosed schedule of a change (changes nothing). */
export function useDueDateChangePreview(loanId: number, date: string, enabled: boolean) {
  return useQuery({
    queryKey: dueDateKeys.preview(loanId, date),
    queryFn: () => apiClient.get(`/dashboard/loans/${loanId}/due_date_change`, { base: 'dashboard', query: { date }, schema: ZDueDateChangePreview }),
    enabled,
    retry: false,
    placeholderData: keepPreviousData,
  });
}

/** POST {dashboard}/dashboard/loans/{id}/due_date_change with the submission's Idempotency-Key (a retry answers the first change). */
export function useApplyDueDateChange(loanId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: { body: TDueDateChangeRequest; idempotencyKey: string }) =>
      apiClient.post(`/dashboard/loans/${loanId}/due_date_change`, body, {
        base: 'dashboard',
        headers: { [PAYMENT_IDEMPOTENCY_HEADER]: idempotencyKey },
        schema: ZDueDateChange,
      }),
    // Every loan screen reads the new dates; the signed change is shown at once, not after those reads.
    onSuccess: () => {
      void queryClient.invalidateQueries();
    },
  });
}

/** GET {dashboard}/loans/documents/download/{id}: the signed agreement (a loan document). */
export function downloadLoanDocument(id: number): Promise<Blob> {
  return apiClient.get<Blob>(`/loans/documents/download/${id}`, { base: 'dashboard', responseType: 'blob' });
}
