import { useMutation, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { ZReapplyResponse, ZUserFeedbackResponse } from '@payrail/contract/application';
import { apiClient } from '../../../lib/api-client';

/** GET /reapply: `today`, `never` or `YYYY-MM-DD`. */
export function getReapply() {
  return apiClient.get('/reapply', { base: 'flow', schema: ZReapplyResponse });
}

export function useReapply(enabled: boolean) {
  return useQuery({ queryKey: ['home', 'reapply'], queryFn: getReapply, enabled, retry: false });
}

const ZRestartResponse = z.object({ ok: z.literal(true), new_status: z.string() });

/** GET /do_reapply (Reapply) and GET /new_application (New Loan): `{ ok, new_status: 'about_yourself' }`; 422 `{ error }`. */
export function doReapply() {
  return apiClient.get('/do_reapply', { base: 'flow', schema: ZRestartResponse });
}

export function newApplication() {
  return apiClient.get('/new_application', { base: 'flow', schema: ZRestartResponse });
}

export function useRestart() {
  return useMutation({ mutationFn: (kind: 'reapply' | 'new_loan') => (kind === 'reapply' ? doReapply() : newApplication()) });
}

/** POST /user_feedback: the star rating and, for 1–3 stars, the borrower's text. */
export function postUserFeedback(input: { rating: number; message?: string }) {
  return apiClient.post(
    '/user_feedback',
    { feedback: { rating: input.rating, message: input.message ?? '' } },
    { base: 'flow', schema: ZUserFeedbackResponse },
  );
}

export function useUserFeedback() {
  return useMutation({ mutationFn: postUserFeedback });
}
