import { useMutation, useQuery } from '@tanstack/react-query';
import { backofficeApi } from '../../../lib/api-client';
import { applicationKey } from '../../../lib/query';
import { ZApplicationDetail, ZRevealSsnResponse } from '@payrail/contract/backoffice';
import type { TApplicationDetail } from '@payrail/contract/backoffice';

export { applicationKey };

/** GET /api/backoffice/applications/:userId — every borrower field, SSN and bank account masked. */
export function getApplication(userId: number): Promise<TApplicationDetail> {
  return backofficeApi.get(`/applications/${userId}`, { schema: ZApplicationDetail });
}

export function useApplication(userId: number) {
  return useQuery({ queryKey: applicationKey(userId), queryFn: () => getApplication(userId) });
}

/** POST /api/backoffice/applications/:userId/reveal_ssn — audited; the answer is never cached. */
export async function revealSsn(userId: number): Promise<string | null> {
  const answer = await backofficeApi.post(`/applications/${userId}/reveal_ssn`, undefined, { schema: ZRevealSsnResponse });
  return answer.social_security_number;
}

export function useRevealSsn(userId: number) {
  return useMutation({ mutationFn: () => revealSsn(userId) });
}

/**
 * GET /api/backoffice/documents/:id with the staff token, as a Blob: an <img> or <iframe> cannot send
 * the Authorization header, so the page shows the file from a blob: URL.
 */
export function getDocumentBlob(documentId: number): Promise<Blob> {
  return backofficeApi.get(`/documents/${documentId}`, { responseType: 'blob', headers: { Accept: '*/*' } });
}

/** GET /api/backoffice/esignatures/:id/pdf with the staff token: the signed promissory note (audited as `view_signed_note`). */
export function getSignedNoteBlob(esignatureId: number): Promise<Blob> {
  return backofficeApi.get(`/esignatures/${esignatureId}/pdf`, { responseType: 'blob', headers: { Accept: '*/*' } });
}
