import { backofficeApi } from '../../../lib/api-client';

/** GET /api/backoffice/loans/:loanId/statements/:id/pdf: the statement as issued (the read is audited). */
export function downloadStatement(loanId: number, statementId: number): Promise<Blob> {
  return backofficeApi.get<Blob>(`/loans/${loanId}/statements/${statementId}/pdf`, { responseType: 'blob', headers: { Accept: '*/*' } });
}
