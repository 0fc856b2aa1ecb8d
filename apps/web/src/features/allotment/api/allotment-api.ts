import { useQuery } from '@tanstack/react-query';
import { ZEmployerEntrypoint, ZFeedbackResponse } from '@payrail/contract/application';
import type { TFeedbackResponse } from '@payrail/contract/application';
import { ZAllotmentEmailResponse } from '@payrail/contract/banking';
import { ZStatusResponse } from '@payrail/contract/identity';
import { ZEmployer } from '@payrail/contract/reference';
import type { TEmployer } from '@payrail/contract/reference';
import { z } from 'zod';
import { apiClient } from '../../../lib/api-client';
import { isApiError } from '@payrail/client/http-client';

export const allotmentKeys = {
  employer: ['allotment', 'employer'] as const,
  instructions: ['allotment', 'instructions'] as const,
  feedback: ['allotment', 'feedback'] as const,
};

/** The borrower's employer row (payment type decides the allotment / split direct deposit wording). */
export async function getAllotmentEmployer(): Promise<TEmployer | null> {
  const entrypoint = await apiClient.get('/employer_entrypoint', { base: 'flow', schema: ZEmployerEntrypoint });
  if (entrypoint.employer_id === null) return null;
  return apiClient.get(`/employers/${entrypoint.employer_id}`, { base: 'flow', schema: ZEmployer });
}

export function useAllotmentEmployer() {
  return useQuery({ queryKey: allotmentKeys.employer, queryFn: getAllotmentEmployer, staleTime: 60_000 });
}

/** GET /allotment_instructions: an HTML fragment; the first call e-mails the instructions too. */
export function useAllotmentInstructions() {
  return useQuery({
    queryKey: allotmentKeys.instructions,
    queryFn: () => apiClient.get('/allotment_instructions', { base: 'flow', responseType: 'text', schema: z.string() }),
    staleTime: Infinity,
  });
}

export function emailAllotmentInstructions() {
  return apiClient.post('/allotment_instructions/email', {}, { base: 'flow', schema: ZAllotmentEmailResponse });
}

/** GET /feedback: the reviewer's latest request, or null when there is none (404). */
export async function getAllotmentFeedback(): Promise<TFeedbackResponse | null> {
  try {
    return await apiClient.get('/feedback', { base: 'flow', schema: ZFeedbackResponse });
  } catch (error) {
    if (isApiError(error) && (error.status === 404 || error.status === 422)) return null;
    throw error;
  }
}

export function useAllotmentFeedback() {
  return useQuery({ queryKey: allotmentKeys.feedback, queryFn: getAllotmentFeedback, retry: false });
}

/** POST /allotment/continue: allotment_needed → review_allotment once an allotment file is on file. */
export function continueAllotment() {
  return apiClient.post('/allotment/continue', {}, { base: 'flow', schema: ZStatusResponse });
}
