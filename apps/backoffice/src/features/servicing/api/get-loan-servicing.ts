import { useQuery } from '@tanstack/react-query';
import { ZLoanServicingResponse } from '@payrail/contract/servicing-backoffice';
import { backofficeApi } from '../../../lib/api-client';
import { SERVICING_PATHS, loanServicingKey } from './keys';

export function useLoanServicing(loanId: number) {
  return useQuery({ queryKey: loanServicingKey(loanId), queryFn: () => backofficeApi.get(SERVICING_PATHS.loan(loanId), { schema: ZLoanServicingResponse }) });
}
