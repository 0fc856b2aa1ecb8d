import { useMutation, useQuery } from '@tanstack/react-query';
import { ZAgreementRecorded, ZEsignatureResponse, ZSignResponse } from '@payrail/contract/esignature';
import type { z } from 'zod';
import { apiClient } from '../../../lib/api-client';

export type TEsignature = z.infer<typeof ZEsignatureResponse>;
export type TEsignAgreement = TEsignature['agreements'][number];
export type TSignResponse = z.infer<typeof ZSignResponse>;

export const esignatureQueryKey = ['esignature'] as const;

/** GET {flow}/esignature: the terms to review, the agreements to accept and the signature to draw. */
export function getEsignature(): Promise<TEsignature> {
  return apiClient.get('/esignature', { base: 'flow', schema: ZEsignatureResponse });
}

export function useEsignature() {
  return useQuery({ queryKey: esignatureQueryKey, queryFn: getEsignature, staleTime: 0 });
}

/** The API path of an agreement's `file_url` (`/api/borrower_agreement_documents/{id}`) on the flow base. */
export function agreementPath(agreement: Pick<TEsignAgreement, 'id'>): string {
  return `/borrower_agreement_documents/${agreement.id}`;
}

/** GET {flow}/borrower_agreement_documents/{id}: the member's copy (a PDF), with the session token. */
export function getAgreementFile(agreement: Pick<TEsignAgreement, 'id'>): Promise<Blob> {
  return apiClient.get<Blob>(agreementPath(agreement), { base: 'flow', responseType: 'blob' });
}

/** The promissory note as a blob: loaded once per agreement version. */
export function useAgreementFile(agreement: Pick<TEsignAgreement, 'id'> | undefined) {
  return useQuery({
    queryKey: ['esignature', 'file', agreement?.id],
    queryFn: () => getAgreementFile(agreement as TEsignAgreement),
    enabled: agreement !== undefined,
    staleTime: Infinity,
    retry: 1,
  });
}

/** POST {flow}/agreements: records the acceptance of one agreement by its document id. */
export function recordAgreement(id: number) {
  return apiClient.post('/agreements', { agreements: { id } }, { base: 'flow', schema: ZAgreementRecorded });
}

/** POST {flow}/esignature/sign: seals the note with the member's full name (the signature shown); answers the new status. */
export function signNote(signatureName: string): Promise<TSignResponse> {
  return apiClient.post('/esignature/sign', { signature_name: signatureName }, { base: 'flow', schema: ZSignResponse });
}

/** Records the note's acceptance, then signs (spec §4 "E-signature"). */
export function useSign() {
  return useMutation({
    mutationFn: async ({ noteId, signatureName }: { noteId: number | undefined; signatureName: string }) => {
      if (noteId !== undefined) await recordAgreement(noteId);
      return signNote(signatureName);
    },
  });
}
