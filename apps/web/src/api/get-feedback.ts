import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZFeedbackResponse } from '@payrail/contract/application';
import type { TFeedbackResponse } from '@payrail/contract/application';
import { isApiError } from '@payrail/client/http-client';
import { apiClient } from '../lib/api-client';

/** GET {flow}/feedback: the reviewer's latest message and what to correct. */
export function getFeedback(): Promise<TFeedbackResponse> {
  return apiClient.get('/feedback', { base: 'flow', schema: ZFeedbackResponse });
}

export const feedbackQueryOptions = () => queryOptions({ queryKey: ['feedback'], queryFn: getFeedback, staleTime: 0 });

/** The feedback page: the request must be there. */
export function useFeedback() {
  return useQuery(feedbackQueryOptions());
}

/** The reviewer's latest request, or null when there is none (404, or 422 outside a feedback status). */
export async function getFeedbackIfAny(): Promise<TFeedbackResponse | null> {
  try {
    return await getFeedback();
  } catch (error) {
    if (isApiError(error) && (error.status === 404 || error.status === 422)) return null;
    throw error;
  }
}

/** Screens that only mention a pending request (allotment): no request is not an error. */
export function useFeedbackIfAny() {
  return useQuery({ queryKey: ['feedback', 'if-any'], queryFn: getFeedbackIfAny, retry: false });
}
