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

/** GET /api/backoffice/loans/:loanId/statements/:id/pdf: the statement as issued (the read is audited). */
export function downloadStatement(loanId: number, statementId: number): Promise<Blob> {
  return backofficeApi.get<Blob>(`/loans/${loanId}/statements/${statementId}/pdf`, { responseType: 'blob', headers: { Accept: '*/*' } });
}
