import { backofficeApi } from '../../../lib/api-client';

/** GET /api/backoffice/loans/:loanId/due_date_changes/:id/pdf: the signed agreement (the view is audited). */
export function downloadDueDateChangeAgreement(loanId: number, changeId: number): Promise<Blob> {
  return backofficeApi.get<Blob>(`/loans/${loanId}/due_date_changes/${changeId}/pdf`, { responseType: 'blob', headers: { Accept: '*/*' } });
}
