import { z } from 'zod';
import { apiClient } from '../../../lib/api-client';

/** Where the new-flow sign-in goes after its e-mail step (newflow §4, access §4). */
export type PrecheckOutcome = 'password' | 'verify_email' | 'already_started';

const ZPrecheckAnswer = z.looseObject({ data: z.unknown().optional() });

/**
 * POST {auth}/email `{ email }`: 200 → the password step; 202 → an application is already in progress,
 * `unconfirmed` → verify_email, anything else → already_started. Pre-check errors are ignored (the
 * password step follows), so this never rejects.
 */
export async function precheckEmail(email: string): Promise<PrecheckOutcome> {
  let status = 0;
  try {
    const answer = await apiClient.post('/email', { email }, { base: 'auth', auth: false, globalErrors: false, schema: ZPrecheckAnswer, onStatus: (code) => (status = code) });
    if (status !== 202) return 'password';
    return answer.data === 'unconfirmed' ? 'verify_email' : 'already_started';
  } catch {
    return 'password';
  }
}
