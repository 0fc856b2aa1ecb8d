import { useQuery } from '@tanstack/react-query';
import { ZEducationProgramResponse } from '@payrail/contract/application';
import type { TEducationProgramRequest } from '@payrail/contract/application';
import { z } from 'zod';
import { getFieldValues } from '../../../api/get-field-values';
import { getReferences } from '../../../api/get-references';
import { apiClient } from '../../../lib/api-client';
import { isApiError } from '@payrail/client/http-client';
import { FORM_FIELDS } from '../lib/fields';

export const aboutYourselfKeys = {
  fields: ['about-yourself', 'fields'] as const,
  references: ['about-yourself', 'references'] as const,
  education: ['about-yourself', 'education'] as const,
};

export function getEducationProgram() {
  return apiClient.get('/education_program', { base: 'flow', schema: ZEducationProgramResponse });
}

export function postEducationProgram(body: TEducationProgramRequest) {
  return apiClient.post('/education_program', body, { base: 'flow', schema: z.object({ ok: z.literal(true) }) });
}

export function useFieldValues() {
  return useQuery({ queryKey: aboutYourselfKeys.fields, queryFn: () => getFieldValues(FORM_FIELDS), staleTime: Infinity, gcTime: 0 });
}

export function useReferences() {
  return useQuery({ queryKey: aboutYourselfKeys.references, queryFn: getReferences, staleTime: Infinity, gcTime: 0 });
}

export function useEducationProgram() {
  return useQuery({ queryKey: aboutYourselfKeys.education, queryFn: getEducationProgram, staleTime: Infinity, gcTime: 0 });
}

/** The field errors of a 422 (`{ errors: { field: [msg] } }`), first message each; else `error` under `fallbackKey`. */
export function fieldErrorsOf(error: unknown, fallbackKey?: string): Record<string, string> {
  if (!isApiError(error)) return {};
  const out: Record<string, string> = {};
  for (const [field, messages] of Object.entries(error.fieldErrors)) if (messages[0]) out[field] = messages[0];
  if (Object.keys(out).length === 0 && fallbackKey && error.serverMessage) out[fallbackKey] = error.serverMessage;
  return out;
}
