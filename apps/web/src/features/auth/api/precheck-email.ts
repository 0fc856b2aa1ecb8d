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
  return (await precheckEmailAnswer(email)).outcome;
}

/** What already_started says about the continue link the pre-check e-mailed (additive server fields). */
export type ContinueLinkInfo = { continueLink: 'sent' | 'limit_reached' | null; linkValidHours: number | null };

/** {@link precheckEmail} with the continue link's facts of an already_started answer. */
export async function precheckEmailAnswer(email: string): Promise<{ outcome: PrecheckOutcome } & ContinueLinkInfo> {
  let status = 0;
  try {
    const answer = await apiClient.post(
      '/email',
      { email },
      {
        base: 'auth',
        auth: false,
        globalErrors: false,
        schema: import('@payrail/contract/newflow').then((contract) => contract.ZEmailCheckResponse),
        onStatus: (code) => (status = code),
      },
    );
    const link = { continueLink: answer.continue_link ?? null, linkValidHours: answer.link_valid_hours ?? null };
    // An account with a password signs in with it, whatever else the answer says.
    if (answer.has_password === true && answer.data !== 'unconfirmed') return { outcome: 'password', ...link };
    if (status === 202) return { outcome: answer.data === 'unconfirmed' ? 'verify_email' : 'already_started', ...link };
    return { outcome: answer.data === 'no_account' ? 'no_account' : 'password', ...link };
  } catch {
    return { outcome: 'password', continueLink: null, linkValidHours: null };
  }
}
