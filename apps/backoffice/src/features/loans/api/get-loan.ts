import { useQuery } from '@tanstack/react-query';
import { backofficeApi } from '../../../lib/api-client';
import { ZLoanDetailResponse } from '@payrail/contract/backoffice';

export const loanKey = (loanId: number) => ['backoffice', 'loan', loanId] as const;

/** GET /api/backoffice/loans/:loanId — the loan, its installment schedule and disbursements. */
export function useLoan(loanId: number | null) {
  return useQuery({
    queryKey: loanKey(loanId ?? 0),
    queryFn: () => backofficeApi.get(`/loans/${loanId}`, { schema: ZLoanDetailResponse }),
    enabled: loanId !== null,
  });
}
