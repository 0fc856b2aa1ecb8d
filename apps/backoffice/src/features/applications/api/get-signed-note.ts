import { backofficeApi } from '../../../lib/api-client';

/** GET /api/backoffice/esignatures/:id/pdf with the staff token: the signed promissory note (audited as `view_signed_note`). */
export function getSignedNoteBlob(esignatureId: number): Promise<Blob> {
  return backofficeApi.get(`/esignatures/${esignatureId}/pdf`, { responseType: 'blob', headers: { Accept: '*/*' } });
}
