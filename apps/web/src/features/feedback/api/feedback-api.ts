import { useMutation, useQuery } from '@tanstack/react-query';
import { ZFeedbackResponse, ZOkStatusResponse } from '@payrail/contract/application';
import type { TFeedbackResponse, TOkStatusResponse } from '@payrail/contract/application';
import { ZBankInformation, ZBankInformationResponse } from '@payrail/contract/banking';
import type { TBankInformation } from '@payrail/contract/banking';
import { EMPLOYER_SEARCH_MIN, ZEmployer, ZLoanPurpose, ZState } from '@payrail/contract/reference';
import type { TEmployer, TLoanPurpose, TState } from '@payrail/contract/reference';
import { z } from 'zod';
import { apiClient } from '../../../lib/api-client';
import { isApiError } from '@payrail/client/http-client';

export const feedbackQueryKey = ['feedback'] as const;

/** GET {flow}/feedback: the reviewer's message and what to correct. */
export function getFeedback(): Promise<TFeedbackResponse> {
  return apiClient.get('/feedback', { base: 'flow', schema: ZFeedbackResponse });
}

export function useFeedback() {
  return useQuery({ queryKey: feedbackQueryKey, queryFn: getFeedback, staleTime: 0 });
}

/** PUT {flow}/feedback: the corrected fields; answers the new status. */
export function putFeedback(loanBorrower: Record<string, unknown>): Promise<TOkStatusResponse> {
  return apiClient.put('/feedback', { loan_borrower: loanBorrower }, { base: 'flow', schema: ZOkStatusResponse });
}

/** GET /states (reference data). */
export function useStates() {
  return useQuery<TState[]>({ queryKey: ['states'], queryFn: () => apiClient.get('/states', { schema: z.array(ZState) }), staleTime: Infinity });
}

/** GET /loan_purposes (reference data). */
export function useLoanPurposes(enabled: boolean) {
  return useQuery<TLoanPurpose[]>({ queryKey: ['loan_purposes'], queryFn: () => apiClient.get('/loan_purposes', { schema: z.array(ZLoanPurpose) }), staleTime: Infinity, enabled });
}

/** GET /employers?search= from 3 characters (spec §9). */
export function useEmployerSearch(search: string) {
  const term = search.trim();
  return useQuery<TEmployer[]>({
    queryKey: ['employers', 'search', term],
    queryFn: ({ signal }) => apiClient.get('/employers', { query: { search: term }, signal, schema: z.array(ZEmployer) }),
    enabled: term.length >= EMPLOYER_SEARCH_MIN,
    staleTime: 60_000,
  });
}

/** GET /employers/{id}: the employer on file (name and partnership). */
export function useEmployer(id: number | null) {
  return useQuery<TEmployer>({
    queryKey: ['employers', id],
    queryFn: () => apiClient.get(`/employers/${id}`, { schema: ZEmployer }),
    enabled: id !== null,
    staleTime: Infinity,
  });
}

/** GET {flow}/bank_informations: the receiving account, or null when there is none (404). */
export function getBankInformation(): Promise<TBankInformation | null> {
  return apiClient.get('/bank_informations', { base: 'flow', schema: ZBankInformation, globalErrors: true }).catch((error: unknown) => {
    if (isApiError(error) && error.status === 404) return null;
    throw error;
  });
}

export function useBankInformation(enabled: boolean) {
  return useQuery({ queryKey: ['bank_information'], queryFn: getBankInformation, enabled, staleTime: 0 });
}

/** POST {flow}/bank_informations/update_field: the corrected receiving account. */
export function updateBankInformation(body: Record<string, string>) {
  return apiClient.post('/bank_informations/update_field', { bank_information: body }, { base: 'flow', schema: ZBankInformationResponse });
}

/** Bank fields first, then the feedback answer. */
export function useAnswerFeedback() {
  return useMutation({
    mutationFn: async ({ bank, loanBorrower }: { bank: Record<string, string> | null; loanBorrower: Record<string, unknown> }) => {
      if (bank) {
        try {
          await updateBankInformation(bank);
        } catch (error) {
          throw Object.assign(error as object, { bankStep: true });
        }
      }
      return putFeedback(loanBorrower);
    },
  });
}
