import { backofficeApi } from '../../../lib/api-client';

/** The file's bytes (the server opens the sealed file and audits the download). */
export function fetchCreditFile(id: number): Promise<Blob> {
  return backofficeApi.get(`/credit_reporting/files/${id}/download`, { responseType: 'blob', headers: { Accept: '*/*' } });
}
