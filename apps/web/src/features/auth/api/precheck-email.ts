import { apiClient } from '../../../lib/api-client';

/** Where the new-flow sign-in goes after its e-mail step (newflow §4, access §4). */
export type PrecheckOutcome = 'password' | 'no_account' | 'verify_email' | 'already_started';

/**
 * POST {auth}/email `{ email }`: 200 → the password step (`no_account`: nobody has this address, the
 * screen offers Check Your Rate); 202 → an application is already in progress: `unconfirmed` →
 * verify_email, otherwise already_started. Pre-check errors are ignored (the password step follows),
 * so this never rejects.
 */
export async function precheckEmail(email: string): Promise<PrecheckOutcome> {
  let status = 0;
  try {
    const answer = await apiClient.post('/email', { email }, { base: 'auth', auth: false, globalErrors: false, schema: import('@payrail/contract/newflow').then((contract) => contract.ZEmailCheckResponse), onStatus: (code) => (status = code) });
    if (status === 202) return answer.data === 'unconfirmed' ? 'verify_email' : 'already_started';
    return answer.data === 'no_account' ? 'no_account' : 'password';
  } catch {
    return 'password';
  }
}
