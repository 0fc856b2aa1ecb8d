import { useMutation } from '@tanstack/react-query';
import { ZOkStatusResponse } from '@payrail/contract/application';
import type { TOkStatusResponse } from '@payrail/contract/application';
import { apiClient } from '../lib/api-client';

/** GET {flow}/review: validates the whole application and moves it on (the review's Confirm, document_review's Continue); answers the new status. */
export function getReview(): Promise<TOkStatusResponse> {
  return apiClient.get('/review', { base: 'flow', schema: ZOkStatusResponse });
}

export function useReview() {
  return useMutation({ mutationFn: getReview });
}
