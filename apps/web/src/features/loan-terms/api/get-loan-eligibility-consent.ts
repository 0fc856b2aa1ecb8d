import { useQuery } from '@tanstack/react-query';
import { ZAgreementDocument } from '@payrail/contract/reference';
import type { TAgreementDocument } from '@payrail/contract/reference';
import { apiClient } from '../../../lib/api-client';

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
