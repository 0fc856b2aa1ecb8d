import { useQuery } from '@tanstack/react-query';
import { ZLoanDisputes } from '@payrail/contract/credit-reporting';
import { backofficeApi } from '../../../lib/api-client';
import { creditReportingKeys } from './keys';

/** GET /api/backoffice/loans/:loanId/disputes (read). */
export function useLoanDisputes(loanId: number) {
  return useQuery({ queryKey: creditReportingKeys.disputes(loanId), queryFn: () => backofficeApi.get(`/loans/${loanId}/disputes`, { schema: ZLoanDisputes }) });
}
