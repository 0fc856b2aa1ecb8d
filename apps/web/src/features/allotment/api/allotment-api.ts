import { useQuery } from '@tanstack/react-query';
import { ZAllotmentEmailResponse } from '@payrail/contract/banking';
import { ZStatusResponse } from '@payrail/contract/identity';
import { z } from 'zod';
import { apiClient } from '../../../lib/api-client';

export const allotmentKeys = {
  instructions: ['allotment', 'instructions'] as const,
};

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

/** POST /allotment/continue: allotment_needed → review_allotment once an allotment file is on file. */
export function continueAllotment() {
  return apiClient.post('/allotment/continue', {}, { base: 'flow', schema: ZStatusResponse });
}
