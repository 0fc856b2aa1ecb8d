import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { backofficeApi } from '../../../lib/api-client';
import { applicationKey } from '../../../lib/query';
import { ZFundResponse, ZLoanDetailResponse } from '@payrail/contract/backoffice';
import type { TFundResponse } from '@payrail/contract/backoffice';

export const loanKey = (loanId: number) => ['backoffice', 'loan', loanId] as const;

/** GET /api/backoffice/loans/:loanId — the loan, its installment schedule and disbursements. */
export function useLoan(loanId: number | null) {
  return useQuery({
    queryKey: loanKey(loanId ?? 0),
    queryFn: () => backofficeApi.get(`/loans/${loanId}`, { schema: ZLoanDetailResponse }),
    enabled: loanId !== null,
  });
}

/**
 * POST /api/backoffice/applications/:userId/fund with an `Idempotency-Key` header. The caller keeps
 * the key and sends the same one again on a retry, so a lost answer can never fund twice.
 */
export function fundApplication(userId: number, idempotencyKey: string): Promise<TFundResponse> {
  return backofficeApi.post(`/applications/${userId}/fund`, undefined, { headers: { 'Idempotency-Key': idempotencyKey }, schema: ZFundResponse });
}

export function useFundApplication(userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (idempotencyKey: string) => fundApplication(userId, idempotencyKey),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: applicationKey(userId) }),
  });
}
