import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { apiClient } from '../../../lib/api-client';

const ZRestartResponse = z.object({ ok: z.literal(true), new_status: z.string() });

/** GET /do_reapply (Reapply): `{ ok, new_status: 'about_yourself' }`; 422 `{ error }`. */
export function doReapply() {
  return apiClient.get('/do_reapply', { base: 'flow', schema: ZRestartResponse });
}

/** GET /new_application (New Loan): `{ ok, new_status: 'about_yourself' }`; 422 `{ error }`. */
export function newApplication() {
  return apiClient.get('/new_application', { base: 'flow', schema: ZRestartResponse });
}

/** Reapply or New Loan: the two restarts the status panel offers. */
export function useRestart() {
  return useMutation({ mutationFn: (kind: 'reapply' | 'new_loan') => (kind === 'reapply' ? doReapply() : newApplication()) });
}
