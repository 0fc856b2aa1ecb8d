import { apiClient } from '../../../lib/api-client';

/** GET /loans/documents/download/{id} → the file. */
export function downloadDocument(id: number): Promise<Blob> {
  return apiClient.get<Blob>(`/loans/documents/download/${id}`, { base: 'dashboard', responseType: 'blob' });
}
