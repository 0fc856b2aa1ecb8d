import { backofficeApi } from '../../../lib/api-client';

/** A document attached to the request, as a blob (the server audits the view as `view_document`). */
export function fetchHardshipDocument(id: number, documentId: number): Promise<Blob> {
  return backofficeApi.get(`/hardship_requests/${id}/documents/${documentId}`, { responseType: 'blob', headers: { Accept: '*/*' } });
}
