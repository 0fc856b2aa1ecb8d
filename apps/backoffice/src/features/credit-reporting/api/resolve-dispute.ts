import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZLoanDisputes } from '@payrail/contract/credit-reporting';
import type { TResolveDispute } from '@payrail/contract/credit-reporting';
import { backofficeApi } from '../../../lib/api-client';
import { creditReportingKeys } from './keys';

/** POST /api/backoffice/loans/:loanId/disputes/:id/resolve (servicer, admin; audited). */
export function useResolveDispute(loanId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ disputeId, ...body }: TResolveDispute & { disputeId: number }) =>
      backofficeApi.post(`/loans/${loanId}/disputes/${disputeId}/resolve`, body, { schema: ZLoanDisputes }),
    onSuccess: (data) => queryClient.setQueryData(creditReportingKeys.disputes(loanId), data),
  });
}
