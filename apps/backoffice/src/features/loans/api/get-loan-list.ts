import { useInfiniteQuery } from '@tanstack/react-query';
import { backofficeApi } from '../../../lib/api-client';
import { compactQuery } from '../../../lib/query';
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
