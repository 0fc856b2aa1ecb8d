import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { ZLoanTerms, ZTermsConsentResponse } from '@payrail/contract/application';
import type { TLoanTerms } from '@payrail/contract/application';
import { ZAgreementDocument } from '@payrail/contract/reference';
import type { TAgreementDocument } from '@payrail/contract/reference';
import { apiClient } from '../../../lib/api-client';

/** GET {flow}/loan[?amount=cents]: the terms priced for the chosen amount (the stored one without it). */
export function getLoanTerms(amount?: number): Promise<TLoanTerms> {
  return apiClient.get('/loan', { base: 'flow', query: { amount }, schema: ZLoanTerms });
}

/** The terms for `amount` (undefined: the server's choice); the previous figures stay while re-pricing. */
export function useLoanTerms(amount: number | undefined) {
  return useQuery({
    queryKey: ['loan', 'terms', amount ?? null],
    queryFn: () => getLoanTerms(amount),
    placeholderData: keepPreviousData,
    staleTime: 0,
    retry: false,
  });
}

/** GET {flow}/associate_terms_consent: records the borrower's consent to these terms. */
export function associateTermsConsent(): Promise<{ ok: true; consented_at: string }> {
  return apiClient.get('/associate_terms_consent', { base: 'flow', schema: ZTermsConsentResponse });
}

export function useAssociateTermsConsent() {
  return useMutation({ mutationFn: associateTermsConsent });
}

/** GET {api}/consent_for_loan_eligibility?state=: the eligibility consent of the borrower's state. */
export function getLoanEligibilityConsent(state: string): Promise<TAgreementDocument> {
  return apiClient.get('/consent_for_loan_eligibility', { query: { state }, schema: ZAgreementDocument });
}

export function useLoanEligibilityConsent(state: string | null) {
  return useQuery({
    queryKey: ['agreements', 'consent_for_loan_eligibility', state],
    queryFn: () => getLoanEligibilityConsent(state ?? ''),
    enabled: state !== null,
    staleTime: 10 * 60_000,
    retry: false,
  });
}
