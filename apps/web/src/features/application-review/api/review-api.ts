import { useQueries, useQuery } from '@tanstack/react-query';
import { PERSONAL_FIELDS } from '@payrail/contract/application';
import type { DocumentTypeName } from '@payrail/contract/documents';
import { getFieldValues } from '../../../api/get-field-values';
import { apiClient } from '../../../lib/api-client';
import { documentsQueryKey, listDocuments } from '../../../api/documents';

/** The application's answers the review shows and edits (GET /about_yourself/show_field/{field}). */
export const REVIEW_FIELDS = [...PERSONAL_FIELDS, 'working_time_range'] as const;
export type ReviewField = (typeof REVIEW_FIELDS)[number];
export type ReviewValues = Record<ReviewField, string>;

export const reviewKeys = {
  fields: ['application-review', 'fields'] as const,
};

const asText = (value: unknown): string => (value === null || value === undefined ? '' : String(value));

export async function getReviewValues(): Promise<ReviewValues> {
  const values = await getFieldValues(REVIEW_FIELDS);
  return Object.fromEntries(REVIEW_FIELDS.map((field) => [field, asText(values[field])])) as ReviewValues;
}

export function useReviewValues() {
  return useQuery({ queryKey: reviewKeys.fields, queryFn: getReviewValues });
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
