import { useQueries, useQuery } from '@tanstack/react-query';
import { ZEmployerEntrypoint, ZLoanTerms, ZOkStatusResponse, ZShowFieldResponse, ZUpdateFieldResponse } from '@payrail/contract/application';
import type { TOkStatusResponse, TUpdateFieldResponse } from '@payrail/contract/application';
import { ZBankInformation, ZBankInformationResponse } from '@payrail/contract/banking';
import type { TBankInformation } from '@payrail/contract/banking';
import type { DocumentTypeName } from '@payrail/contract/documents';
import { ZState } from '@payrail/contract/reference';
import { z } from 'zod';
import { apiClient } from '../../../lib/api-client';
import { documentsQueryKey, listDocuments } from '../../../lib/documents-api';
import { isApiError } from '@payrail/client/http-client';

/** The application's answers the review shows and edits (GET /about_yourself/show_field/{field}). */
export const REVIEW_FIELDS = [
  'first_name',
  'last_name',
  'date_of_birth',
  'address',
  'unit_number',
  'city',
  'state_id',
  'zip_code',
  'driver_license_number',
  'driver_license_state_id',
  'social_security_number',
  'working_time_range',
] as const;
export type ReviewField = (typeof REVIEW_FIELDS)[number];
export type ReviewValues = Record<ReviewField, string>;

export const reviewKeys = {
  fields: ['application-review', 'fields'] as const,
  employer: ['application-review', 'employer'] as const,
  bank: ['application-review', 'bank'] as const,
  loan: ['application-review', 'loan'] as const,
  states: ['application-review', 'states'] as const,
};

const asText = (value: unknown): string => (value === null || value === undefined ? '' : String(value));

export async function getReviewValues(): Promise<ReviewValues> {
  const answers = await Promise.all(REVIEW_FIELDS.map((field) => apiClient.get(`/about_yourself/show_field/${field}`, { base: 'flow', schema: ZShowFieldResponse })));
  return Object.fromEntries(answers.map((answer, index) => [REVIEW_FIELDS[index], asText(answer.value)])) as ReviewValues;
}

export function useReviewValues() {
  return useQuery({ queryKey: reviewKeys.fields, queryFn: getReviewValues });
}

/** POST /about_yourself/update_field with every changed field at once (all validated, none saved if one fails). */
export function updateReviewFields(values: Record<string, string | number>): Promise<TUpdateFieldResponse> {
  return apiClient.post('/about_yourself/update_field', { loan_borrower: values }, { base: 'flow', schema: ZUpdateFieldResponse });
}

export function useEmployerEntrypoint() {
  return useQuery({ queryKey: reviewKeys.employer, queryFn: () => apiClient.get('/employer_entrypoint', { base: 'flow', schema: ZEmployerEntrypoint }) });
}

export function useStates() {
  return useQuery({ queryKey: reviewKeys.states, queryFn: () => apiClient.get('/states', { base: 'api', schema: z.array(ZState) }), staleTime: Infinity });
}

export function useLoanTerms() {
  return useQuery({ queryKey: reviewKeys.loan, queryFn: () => apiClient.get('/loan', { base: 'flow', schema: ZLoanTerms }) });
}

/** GET /bank_informations; null when the borrower has none (404). */
export async function getBankInformation(): Promise<TBankInformation | null> {
  try {
    return await apiClient.get('/bank_informations', { base: 'flow', schema: ZBankInformation });
  } catch (error) {
    if (isApiError(error) && error.status === 404) return null;
    throw error;
  }
}

export function useBankInformation() {
  return useQuery({ queryKey: reviewKeys.bank, queryFn: getBankInformation });
}

export function updateBankInformation(values: Record<string, string>) {
  return apiClient.post('/bank_informations/update_field', { bank_information: values }, { base: 'flow', schema: ZBankInformationResponse });
}

/** Files on file per type, sharing the upload widgets' cache so counts follow uploads and deletes. */
export function useDocumentCounts(types: readonly DocumentTypeName[]) {
  return useQueries({
    queries: types.map((type) => ({ queryKey: documentsQueryKey(type), queryFn: () => listDocuments(type) })),
    combine: (results) => ({
      loaded: results.every((result) => result.data !== undefined),
      isError: results.some((result) => result.isError),
      isFetching: results.some((result) => result.isFetching),
      refetch: () => results.forEach((result) => void (result.isError ? result.refetch() : undefined)),
      counts: Object.fromEntries(types.map((type, index) => [type, results[index]?.data?.length ?? 0])) as Partial<Record<DocumentTypeName, number>>,
    }),
  });
}

/**
 * POST {flow}/borrower_agreement_documents?agreement=credit_pull_authorization: records the borrower's
 * credit pull authorization (classic §5 consents) before the review, which runs the credit check.
 */
export function acceptCreditPull(): Promise<unknown> {
  return apiClient.post('/borrower_agreement_documents', undefined, { base: 'flow', query: { agreement: 'credit_pull_authorization' } });
}

/** GET /review: validates the whole application and moves it on; answers the new status. */
export function getReview(): Promise<TOkStatusResponse> {
  return apiClient.get('/review', { base: 'flow', schema: ZOkStatusResponse });
}
