import { useMutation } from '@tanstack/react-query';
import type { ZUserFeedbackRequest } from '@payrail/contract/application';
import type { z } from 'zod';
import { apiClient } from '../../../lib/api-client';

/** POST /user_feedback (`ZUserFeedbackRequest`): the star rating and, for 1–3 stars, the borrower's text. */
export function postUserFeedback(body: z.input<typeof ZUserFeedbackRequest>) {
  return apiClient.post('/user_feedback', body, {
    base: 'flow',
    schema: import('@payrail/contract/application').then((contract) => contract.ZUserFeedbackResponse),
  });
}

export function useUserFeedback() {
  return useMutation({ mutationFn: postUserFeedback });
}
