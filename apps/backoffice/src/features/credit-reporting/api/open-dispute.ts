import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZLoanDisputes } from '@payrail/contract/credit-reporting';
import type { TOpenDispute } from '@payrail/contract/credit-reporting';
import { backofficeApi } from '../../../lib/api-client';
import { creditReportingKeys } from './keys';

/** POST /api/backoffice/loans/:loanId/disputes (servicer, admin; audited). */
export function useOpenDispute(loanId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TOpenDispute) => backofficeApi.post(`/loans/${loanId}/disputes`, body, { schema: ZLoanDisputes }),
    onSuccess: (data) => queryClient.setQueryData(creditReportingKeys.disputes(loanId), data),
  });
}
