import { useMutation } from '@tanstack/react-query';
import { ZOkStatusResponse } from '@payrail/contract/application';
import type { TOkStatusResponse } from '@payrail/contract/application';
import { apiClient } from '../../../lib/api-client';

/** GET /review from document_review: the review action; answers the status the application moved to. */
export function getReview(): Promise<TOkStatusResponse> {
  return apiClient.get('/review', { base: 'flow', schema: ZOkStatusResponse });
}

export function useReview() {
  return useMutation({ mutationFn: getReview });
}
