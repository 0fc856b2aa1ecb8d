import {
  EMPLOYER_CHALLENGE_EXPIRED,
  EMPLOYER_CODE_FAILED,
  EMPLOYER_LOGIN_FAILED,
  type TEmployerLoginChallenge,
  type TEmployerLoginRequest,
  type TEmployerOtpRequest,
  type TEmployerUser,
} from '@payrail/contract/employer-portal';
import type { AppContext } from '../../../context';
import { AppError } from '../../../errors';
import { dummyHash, verifyPassword } from '../../../lib/passwords';
import { keyedHash } from '../../../lib/tokens';
import { clearAttempts, takeAttempt, ThrottledError } from '../../platform/throttle';
import type { EmployerUserRow } from '../accounts.repository';
import { type ClientInfo, openEmployerSession, pendingSession } from './sessions';
import { openTotpSecret, totpStep } from './totp';

const userOf = (u: EmployerUserRow, employerName: string): TEmployerUser => ({
  id: u.id,
  employer_id: u.employerId,
  employer_name: employerName,
  email: u.email,
  name: u.name,
});
const auditRef = (u: EmployerUserRow) => ({ id: u.id, employer_id: u.employerId });

/**
 * Spends one attempt of the account's sign-in budget (password and codes together, docs/security.md); a
 * lockout is audited on the account it protects.
 */
export async function spendAttempt(
  ctx: AppContext,
  user: EmployerUserRow | undefined,
  email: string,
  client: ClientInfo,
  step: 'password' | 'second_factor' | 'enrolment',
): Promise<void> {
  try {
    await takeAttempt(ctx, 'employerSignIn', email);
  } catch (e) {
    if (e instanceof ThrottledError && user)
      await ctx.repos.employerAccounts.audit({
        user: auditRef(user),
        action: 'sign_in_locked_out',
        after: { step, retry_after_seconds: e.retryAfter },
        ip: client.ip,
        at: ctx.now(),
      });
    throw e;
  }
}

/** The normalised recovery code's digest (HMAC under the install's code secret: the codes are short). */
export async function recoveryCodeHash(ctx: AppContext, code: string): Promise<string> {
  return keyedHash(await ctx.secret('code_hmac'), `employer-recovery:${code}`);
}

/**
 * Checks a TOTP code against the user's secret: valid within ±1 step and a step after the last one taken
 * (a code is never accepted twice). 'replayed' when the code is right but its step was used.
 */
export async function checkTotp(ctx: AppContext, user: EmployerUserRow, code: string): Promise<'ok' | 'wrong' | 'replayed'> {
  if (!user.totpSecret) return 'wrong';
  const secret = openTotpSecret(await ctx.cryptoBox(), user.totpSecret);
  const step = totpStep(secret, code, ctx.now());
  if (step === null) return 'wrong';
  return (await ctx.repos.employerAccounts.takeTotpStep(user.id, step)) ? 'ok' : 'replayed';
}

/** Step one: e-mail and password. Right: a short-lived challenge for step two. Every outcome on a known account is audited. */
export async function signInEmployer(ctx: AppContext, input: TEmployerLoginRequest, client: ClientInfo): Promise<TEmployerLoginChallenge> {
  const repo = ctx.repos.employerAccounts;
  const user = await repo.findUserByEmail(input.email);
  await spendAttempt(ctx, user, input.email, client, 'password');
  const ok = await verifyPassword(user?.passwordHash ?? (await dummyHash()), input.password);
  if (!user || !ok || user.disabledAt) {
    if (user)
      await repo.audit({
        user: auditRef(user),
        action: 'sign_in_failed',
        after: { step: 'password', reason: user.disabledAt ? 'disabled' : 'wrong_password' },
        ip: client.ip,
        at: ctx.now(),
      });
    throw AppError.unauthorized(EMPLOYER_LOGIN_FAILED);
  }
  const challenge = await openEmployerSession(ctx, user.id, 'second_factor', client);
  await repo.audit({
    user: auditRef(user),
    action: 'sign_in_password_accepted',
    after: { enrolment_required: user.totpEnrolledAt === null },
    ip: client.ip,
    at: ctx.now(),
  });
  return { second_factor_required: true, challenge, enrolment_required: user.totpEnrolledAt === null };
}

/** Step two: the challenge with a TOTP code or a recovery code; opens the full session (a new token). */
export async function completeEmployerSignIn(ctx: AppContext, input: TEmployerOtpRequest, client: ClientInfo): Promise<{ token: string; user: TEmployerUser }> {
  const repo = ctx.repos.employerAccounts;
  const found = await pendingSession(ctx, input.challenge, 'second_factor', EMPLOYER_CHALLENGE_EXPIRED);
  const user = await repo.findUser(found.user.id);
  if (!user || user.disabledAt) throw AppError.unauthorized(EMPLOYER_CHALLENGE_EXPIRED);
  if (!user.totpEnrolledAt) throw new AppError('conflict', 'Your authenticator app is not set up yet. Set it up to finish signing in.');
  await spendAttempt(ctx, user, user.email, client, 'second_factor');

  let outcome: 'ok' | 'wrong' | 'replayed';
  const method = input.code !== undefined ? 'totp' : 'recovery_code';
  if (input.code !== undefined) outcome = await checkTotp(ctx, user, input.code);
  else outcome = (await repo.useRecoveryCode(user.id, await recoveryCodeHash(ctx, input.recovery_code!), ctx.now())) ? 'ok' : 'wrong';
  if (outcome !== 'ok') {
    await repo.audit({
      user: auditRef(user),
      action: 'sign_in_failed',
      after: { step: 'second_factor', method, reason: outcome === 'replayed' ? 'code_already_used' : 'wrong_code' },
      ip: client.ip,
      at: ctx.now(),
    });
    throw AppError.unauthorized(
      outcome === 'replayed' ? 'That code was already used. Wait for the next code in your authenticator app.' : EMPLOYER_CODE_FAILED,
    );
  }
  // The challenge is passed once: a second request with it (a double click) finds it revoked.
  if (!(await repo.revokeSession(found.session.id, ctx.now()))) throw AppError.unauthorized(EMPLOYER_CHALLENGE_EXPIRED);
  await clearAttempts(ctx, 'employerSignIn', user.email);
  const token = await openEmployerSession(ctx, user.id, 'active', client);
  const after: Record<string, unknown> = { method };
  if (method === 'recovery_code') after['recovery_codes_left'] = await repo.unusedRecoveryCodes(user.id);
  await repo.audit({ user: auditRef(user), action: 'signed_in', after, ip: client.ip, at: ctx.now() });
  return { token, user: userOf(user, found.user.employer_name) };
}
