import { apiClient } from '../../../lib/api-client';

/** A document served at its own address (a statement, `/api/loans/statements/{id}/pdf`) → the file. */
export function downloadDocumentAt(fileUrl: string): Promise<Blob> {
  return apiClient.get<Blob>(fileUrl.replace(/^\/api(?=\/)/, ''), { base: 'dashboard', responseType: 'blob' });
}
