import { useQuery } from '@tanstack/react-query';
import { ZStatementsResponse } from '@payrail/contract/statements';
import { backofficeApi } from '../../../lib/api-client';

/** GET /api/backoffice/loans/:loanId/statements: the loan's monthly statements and year-end summaries, newest first. */
export function useLoanStatements(loanId: number) {
  return useQuery({
    queryKey: ['statements', loanId] as const,
    queryFn: () => backofficeApi.get(`/loans/${loanId}/statements`, { schema: ZStatementsResponse }),
  });
}
