import { useMutation } from '@tanstack/react-query';
import { ZTermsConsentResponse } from '@payrail/contract/application';
import { apiClient } from '../../../lib/api-client';

/** GET {flow}/associate_terms_consent: records the borrower's consent to these terms. */
export function associateTermsConsent(): Promise<{ ok: true; consented_at: string }> {
  return apiClient.get('/associate_terms_consent', { base: 'flow', schema: ZTermsConsentResponse });
}

export function useAssociateTermsConsent() {
  return useMutation({ mutationFn: associateTermsConsent });
}
