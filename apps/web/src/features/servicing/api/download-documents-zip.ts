import { apiClient } from '../../../lib/api-client';

/** POST /loans/documents/download/zip → one zip of the chosen documents. */
export function downloadDocumentsZip(ids: readonly number[]): Promise<Blob> {
  return apiClient.post<Blob>('/loans/documents/download/zip', { documents: ids }, { base: 'dashboard', responseType: 'blob' });
}
