import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ZConsentCentre } from '@payrail/contract/care';
import { apiClient } from '../../../lib/api-client';

export const consentKeys = { centre: ['care', 'consents'] as const };

/** GET {dashboard}/dashboard/consents: every agreement accepted or signed, and the E-SIGN consent's state. */
export function useConsentCentre() {
  return useQuery({ queryKey: consentKeys.centre, queryFn: () => apiClient.get('/dashboard/consents', { base: 'dashboard', schema: ZConsentCentre }) });
}

/** POST …/electronic_communications/withdraw (confirm: the consequences were read) or …/restore. */
export function useChangeElectronicConsent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: 'withdraw' | 'restore') =>
      apiClient.post(`/dashboard/consents/electronic_communications/${change}`, change === 'withdraw' ? { confirm: true } : {}, {
        base: 'dashboard',
        schema: ZConsentCentre,
      }),
    onSuccess: (centre) => queryClient.setQueryData(consentKeys.centre, centre),
  });
}

/** GET {dashboard}/borrower_agreement_documents/{id}: the document as a PDF (a signed note answers the signed copy). */
export function downloadAgreement(id: number): Promise<Blob> {
  return apiClient.get<Blob>(`/borrower_agreement_documents/${id}`, { base: 'dashboard', responseType: 'blob' });
}
