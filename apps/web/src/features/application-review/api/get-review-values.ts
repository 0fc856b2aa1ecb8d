import { useQuery } from '@tanstack/react-query';
import { PERSONAL_FIELDS } from '@payrail/contract/application';
import { getFieldValues } from '../../../api/get-field-values';

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
