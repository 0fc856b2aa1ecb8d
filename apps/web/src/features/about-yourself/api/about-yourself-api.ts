import { useQuery } from '@tanstack/react-query';
import {
  ZEducationProgramResponse,
  ZReferencesResponse,
  ZShowFieldResponse,
  ZUpdateFieldResponse,
} from '@payrail/contract/application';
import type { TEducationProgramRequest, TFieldValue, TReference, TReferencesResponse, TUpdateFieldResponse } from '@payrail/contract/application';
import { ZLoanPurpose, ZState } from '@payrail/contract/reference';
import type { TLoanPurpose, TState } from '@payrail/contract/reference';
import { z } from 'zod';
import { apiClient } from '../../../lib/api-client';
import { isApiError } from '@payrail/client/http-client';
import { FORM_FIELDS } from '../lib/fields';
import type { FormField } from '../lib/fields';

export const aboutYourselfKeys = {
  fields: ['about-yourself', 'fields'] as const,
  references: ['about-yourself', 'references'] as const,
  education: ['about-yourself', 'education'] as const,
  states: ['about-yourself', 'states'] as const,
  loanPurposes: ['about-yourself', 'loan-purposes'] as const,
};

/** GET {flow}/about_yourself/show_field/{field} for every field of the form, in parallel. */
export async function getFieldValues(): Promise<Record<FormField, TFieldValue>> {
  const answers = await Promise.all(
    FORM_FIELDS.map((field) => apiClient.get(`/about_yourself/show_field/${field}`, { base: 'flow', schema: ZShowFieldResponse })),
  );
  return Object.fromEntries(answers.map((a) => [a.field, a.value])) as Record<FormField, TFieldValue>;
}

/** POST {flow}/about_yourself/update_field `{ loan_borrower: { field: value } }` (auto-save). */
export function updateFields(values: Record<string, string>): Promise<TUpdateFieldResponse> {
  return apiClient.post('/about_yourself/update_field', { loan_borrower: values }, { base: 'flow', schema: ZUpdateFieldResponse });
}

export function getReferences(): Promise<TReferencesResponse> {
  return apiClient.get('/about_yourself/borrower_references', { base: 'flow', schema: ZReferencesResponse });
}

export function updateReferences(references: TReference[]): Promise<TReferencesResponse> {
  return apiClient.post('/about_yourself/update_references', { references }, { base: 'flow', schema: ZReferencesResponse });
}

export function getEducationProgram() {
  return apiClient.get('/education_program', { base: 'flow', schema: ZEducationProgramResponse });
}

export function postEducationProgram(body: TEducationProgramRequest) {
  return apiClient.post('/education_program', body, { base: 'flow', schema: z.object({ ok: z.literal(true) }) });
}

export function useFieldValues() {
  return useQuery({ queryKey: aboutYourselfKeys.fields, queryFn: getFieldValues, staleTime: Infinity, gcTime: 0 });
}

export function useReferences() {
  return useQuery({ queryKey: aboutYourselfKeys.references, queryFn: getReferences, staleTime: Infinity, gcTime: 0 });
}

export function useEducationProgram() {
  return useQuery({ queryKey: aboutYourselfKeys.education, queryFn: getEducationProgram, staleTime: Infinity, gcTime: 0 });
}

export function useStateList() {
  return useQuery<TState[]>({ queryKey: aboutYourselfKeys.states, queryFn: () => apiClient.get('/states', { base: 'api', schema: z.array(ZState) }), staleTime: Infinity });
}

export function useLoanPurposes() {
  return useQuery<TLoanPurpose[]>({ queryKey: aboutYourselfKeys.loanPurposes, queryFn: () => apiClient.get('/loan_purposes', { base: 'api', schema: z.array(ZLoanPurpose) }), staleTime: Infinity });
}

/** The field errors of a 422 (`{ errors: { field: [msg] } }`), first message each; else `error` under `fallbackKey`. */
export function fieldErrorsOf(error: unknown, fallbackKey?: string): Record<string, string> {
  if (!isApiError(error)) return {};
  const out: Record<string, string> = {};
  for (const [field, messages] of Object.entries(error.fieldErrors)) if (messages[0]) out[field] = messages[0];
  if (Object.keys(out).length === 0 && fallbackKey && error.serverMessage) out[fallbackKey] = error.serverMessage;
  return out;
}
