import { useQuery } from '@tanstack/react-query';
import { ZOkStatusResponse, ZPaymentChangeResponse } from '@payrail/contract/application';
import { getFieldValues } from '../../../api/get-field-values';
import { getReferences } from '../../../api/get-references';
import { apiClient } from '../../../lib/api-client';

/** POST {api}/refinance: starts a refinance of the opened loan (approved → refinancing_loan_terms). */
export function startRefinance(loanId?: number) {
  return apiClient.post('/refinance', loanId === undefined ? {} : { loan_id: loanId }, { schema: ZOkStatusResponse });
}

/** GET {flow}/about_yourself/borrower_references: the two references to review. */
export function useRefinanceReferences() {
  return useQuery({ queryKey: ['refinance', 'references'], queryFn: getReferences });
}

/** GET {flow}/payment_change: whether the payroll payment change (allotment) is already in place. */
export function usePaymentChange() {
  return useQuery({
    queryKey: ['refinance', 'payment_change'],
    queryFn: () => apiClient.get('/payment_change', { base: 'flow', schema: ZPaymentChangeResponse }),
    retry: false,
  });
}

const PERSONAL_FIELDS = ['first_name', 'last_name', 'address', 'unit_number', 'city', 'zip_code'] as const;

/** GET {flow}/about_yourself/show_field/{field} for the names and address shown on the review. */
export function usePersonalInfo() {
  return useQuery({
    queryKey: ['refinance', 'personal'],
    queryFn: async () => {
      const values = await getFieldValues(PERSONAL_FIELDS);
      return Object.fromEntries(PERSONAL_FIELDS.map((field) => [field, values[field] === null ? '' : String(values[field])])) as Record<
        (typeof PERSONAL_FIELDS)[number],
        string
      >;
    },
  });
}
