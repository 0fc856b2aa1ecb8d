import { useQuery } from '@tanstack/react-query';
import { ZOkStatusResponse, ZPaymentChangeResponse, ZReferencesResponse, ZShowFieldResponse } from '@payrail/contract/application';
import type { TReference } from '@payrail/contract/application';
import { ZBankInformation } from '@payrail/contract/banking';
import { apiClient } from '../../../lib/api-client';
import { isApiError } from '@payrail/client/http-client';

/** POST {api}/refinance: starts a refinance of the opened loan (approved → refinancing_loan_terms). */
export function startRefinance(loanId?: number) {
  return apiClient.post('/refinance', loanId === undefined ? {} : { loan_id: loanId }, { schema: ZOkStatusResponse });
}

/** GET {flow}/about_yourself/borrower_references: the two references to review. */
export function useRefinanceReferences() {
  return useQuery({ queryKey: ['refinance', 'references'], queryFn: () => apiClient.get('/about_yourself/borrower_references', { base: 'flow', schema: ZReferencesResponse }) });
}

/** POST {flow}/about_yourself/update_references: stores both references (the review confirm's first call). */
export function saveReferences(references: TReference[]) {
  return apiClient.post('/about_yourself/update_references', { references }, { base: 'flow', schema: ZReferencesResponse });
}

/** GET {flow}/payment_change: whether the payroll payment change (allotment) is already in place. */
export function usePaymentChange() {
  return useQuery({ queryKey: ['refinance', 'payment_change'], queryFn: () => apiClient.get('/payment_change', { base: 'flow', schema: ZPaymentChangeResponse }), retry: false });
}

/** GET {flow}/bank_informations: the account the new loan is paid into (null without one). */
export function useRefinanceBank() {
  return useQuery({
    queryKey: ['refinance', 'bank'],
    queryFn: async () => {
      try {
        return await apiClient.get('/bank_informations', { base: 'flow', schema: ZBankInformation });
      } catch (error) {
        if (isApiError(error) && error.status === 404) return null;
        throw error;
      }
    },
  });
}

const PERSONAL_FIELDS = ['first_name', 'last_name', 'address', 'unit_number', 'city', 'zip_code'] as const;

/** GET {flow}/about_yourself/show_field/{field} for the names and address shown on the review. */
export function usePersonalInfo() {
  return useQuery({
    queryKey: ['refinance', 'personal'],
    queryFn: async () => {
      const answers = await Promise.all(PERSONAL_FIELDS.map((field) => apiClient.get(`/about_yourself/show_field/${field}`, { base: 'flow', schema: ZShowFieldResponse })));
      return Object.fromEntries(answers.map((a, i) => [PERSONAL_FIELDS[i], a.value === null || a.value === undefined ? '' : String(a.value)])) as Record<(typeof PERSONAL_FIELDS)[number], string>;
    },
  });
}
