import { backofficeApi } from '../../../lib/api-client';

/**
 * GET /api/backoffice/documents/:id with the staff token, as a Blob: an <img> or <iframe> cannot send
 * the Authorization header, so the page shows the file from a blob: URL.
 */
export function getDocumentBlob(documentId: number): Promise<Blob> {
  return backofficeApi.get(`/documents/${documentId}`, { responseType: 'blob', headers: { Accept: '*/*' } });
}
