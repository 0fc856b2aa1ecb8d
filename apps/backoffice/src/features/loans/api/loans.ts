import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { backofficeApi } from '../../../lib/api-client';
import { applicationKey, compactQuery } from '../../../lib/query';
import { ZFundResponse, ZLoanDetailResponse } from '@payrail/contract/backoffice';
import type { TFundResponse } from '@payrail/contract/backoffice';
import { ZLoanListResponse } from '@payrail/contract/servicing-backoffice';
import type { LoanDpdBucket, LoanRepayMethod, TLoanListResponse } from '@payrail/contract/servicing-backoffice';
import type { LoanStatus } from '@payrail/contract/servicing';

/** The loan list's search and filters (the contract's ZLoanListQuery without the cursor). */
export interface LoanListParams {
  q?: string;
  status?: LoanStatus;
  dpd?: LoanDpdBucket;
  repay_method?: LoanRepayMethod;
  per_page?: number;
}

/** GET /api/backoffice/loans?q&status&dpd&repay_method&cursor&per_page — one page of the loan list. */
export function getLoanList(params: LoanListParams, cursor: string | null): Promise<TLoanListResponse> {
  return backofficeApi.get('/loans', { query: compactQuery({ ...params, cursor }), schema: ZLoanListResponse });
}

/** The loan list, page after page ("Show more loans" follows `next_cursor`). */
export function useLoanList(params: LoanListParams) {
  return useInfiniteQuery({
    queryKey: ['backoffice', 'loans', params],
    queryFn: ({ pageParam }) => getLoanList(params, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
  });
}

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
