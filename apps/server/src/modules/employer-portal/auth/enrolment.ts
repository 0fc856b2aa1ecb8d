import {
  EMPLOYER_ALREADY_HAS_ACCOUNT,
  EMPLOYER_CHALLENGE_EXPIRED,
  EMPLOYER_ENROLMENT_EXPIRED,
  EMPLOYER_INVITATION_EXPIRED,
  EMPLOYER_INVITATION_REVOKED,
  EMPLOYER_INVITATION_UNKNOWN,
  EMPLOYER_INVITATION_USED,
  EMPLOYER_RECOVERY_CODE_COUNT,
  type TEmployerAcceptInvitation,
  type TEmployerEnrolled,
  type TEmployerInvitationInfo,
  type TEmployerTotpEnrolment,
} from '@payrail/contract/employer-portal';
import { randomInt } from 'node:crypto';
import type { AppContext } from '../../../context';
import { AppError } from '../../../errors';
import { hashPassword } from '../../../lib/passwords';
import { hashToken } from '../../../lib/tokens';
import { clearAttempts } from '../../platform/throttle';
import type { EmployerInvitationRow, EmployerUserRow } from '../accounts.repository';
import { type ClientInfo, openEmployerSession, pendingSession } from './sessions';
import { checkTotp, recoveryCodeHash, spendAttempt } from './sign-in';
import { newTotpSecret, sealTotpSecret, totpEnrolment } from './totp';

const auditRef = (u: EmployerUserRow) => ({ id: u.id, employer_id: u.employerId });

/** Why an invitation can no longer be used (a 409 with `reason`), or null when it is open. */
function closedReason(inv: EmployerInvitationRow, now: Date): { reason: 'used' | 'revoked' | 'expired'; message: string } | null {
  if (inv.acceptedAt) return { reason: 'used', message: EMPLOYER_INVITATION_USED };
  if (inv.revokedAt) return { reason: 'revoked', message: EMPLOYER_INVITATION_REVOKED };
  if (inv.expiresAt <= now) return { reason: 'expired', message: EMPLOYER_INVITATION_EXPIRED };
  return null;
}

async function openInvitation(ctx: AppContext, token: string) {
  const found = await ctx.repos.employerAccounts.findInvitationByTokenHash(hashToken(token));
  if (!found) throw AppError.notFound(EMPLOYER_INVITATION_UNKNOWN);
  const closed = closedReason(found.invitation, ctx.now());
  if (closed) throw new AppError('conflict', closed.message, { extra: { reason: closed.reason } });
  return found;
}

/** GET /invitations/:token: whom the invitation is for. */
export async function invitationInfo(ctx: AppContext, token: string): Promise<TEmployerInvitationInfo> {
  const { invitation, employerName } = await openInvitation(ctx, token);
  return { email: invitation.email, employer_name: employerName, expires_at: invitation.expiresAt.toISOString() };
}

async function enrolmentAnswer(ctx: AppContext, user: EmployerUserRow, secret: string, client: ClientInfo): Promise<TEmployerTotpEnrolment> {
  const { otpauthUri, qrSvg } = await totpEnrolment(secret, user.email);
  const enrolmentToken = await openEmployerSession(ctx, user.id, 'enrolment', client);
  return { secret, otpauth_uri: otpauthUri, qr_svg: qrSvg, enrolment_token: enrolmentToken };
}

/** POST /invitations/accept: creates the account (not yet active) and starts the TOTP set-up. */
export async function acceptInvitation(ctx: AppContext, input: TEmployerAcceptInvitation, client: ClientInfo): Promise<TEmployerTotpEnrolment> {
  const repo = ctx.repos.employerAccounts;
  const { invitation } = await openInvitation(ctx, input.token);
  if (await repo.findUserByEmail(invitation.email)) throw new AppError('conflict', EMPLOYER_ALREADY_HAS_ACCOUNT, { extra: { reason: 'account_exists' } });
  const secret = newTotpSecret();
  const user = await repo.acceptInvitation({
    invitationId: invitation.id,
    employerId: invitation.employerId,
    email: invitation.email,
    name: input.name,
    passwordHash: await hashPassword(input.password),
    totpSecret: sealTotpSecret(await ctx.cryptoBox(), secret),
    now: ctx.now(),
  });
  if (!user) throw new AppError('conflict', EMPLOYER_INVITATION_USED, { extra: { reason: 'used' } });
  await repo.audit({ user: auditRef(user), action: 'invitation_accepted', after: { invitation_id: invitation.id }, ip: client.ip, at: ctx.now() });
  return enrolmentAnswer(ctx, user, secret, client);
}

/** POST /totp/enrol: a sign-in challenge of an account whose set-up was never finished gets a new secret. */
export async function restartEnrolment(ctx: AppContext, challenge: string, client: ClientInfo): Promise<TEmployerTotpEnrolment> {
  const repo = ctx.repos.employerAccounts;
  const found = await pendingSession(ctx, challenge, 'second_factor', EMPLOYER_CHALLENGE_EXPIRED);
  const user = await repo.findUser(found.user.id);
  if (!user || user.disabledAt) throw AppError.unauthorized(EMPLOYER_CHALLENGE_EXPIRED);
  if (user.totpEnrolledAt) throw new AppError('conflict', 'Your authenticator app is already set up. Enter the code it shows to sign in.');
  const secret = newTotpSecret();
  if (!(await repo.replaceTotpSecret(user.id, sealTotpSecret(await ctx.cryptoBox(), secret))))
    throw new AppError('conflict', 'Your authenticator app is already set up.');
  await repo.revokeSession(found.session.id, ctx.now());
  await repo.audit({ user: auditRef(user), action: 'totp_enrolment_restarted', after: {}, ip: client.ip, at: ctx.now() });
  return enrolmentAnswer(ctx, { ...user, totpLastStep: null }, secret, client);
}

// Upper-case letters and digits without the look-alikes 0/O and 1/I.
const RECOVERY_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** A recovery code as shown: `ABCDE-FGHJK` (50 bits); typed with or without the dash, any case. */
function newRecoveryCode(): string {
  let out = '';
  for (let i = 0; i < 10; i++) out += RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)];
  return `${out.slice(0, 5)}-${out.slice(5)}`;
}

/** POST /totp/confirm: the first code from the app proves the set-up; the account becomes active. */
export async function confirmEnrolment(
  ctx: AppContext,
  enrolmentToken: string | undefined,
  code: string,
  client: ClientInfo,
): Promise<{ token: string; answer: TEmployerEnrolled }> {
  const repo = ctx.repos.employerAccounts;
  const found = await pendingSession(ctx, enrolmentToken, 'enrolment', EMPLOYER_ENROLMENT_EXPIRED);
  const user = await repo.findUser(found.user.id);
  if (!user || user.disabledAt) throw AppError.unauthorized(EMPLOYER_ENROLMENT_EXPIRED);
  await spendAttempt(ctx, user, user.email, client, 'enrolment');
  const outcome = await checkTotp(ctx, user, code);
  if (outcome !== 'ok') {
    await repo.audit({
      user: auditRef(user),
      action: 'totp_enrolment_failed',
      after: { reason: outcome === 'replayed' ? 'code_already_used' : 'wrong_code' },
      ip: client.ip,
      at: ctx.now(),
    });
    const message =
      outcome === 'replayed'
        ? 'That code was already used. Wait for the next code in your authenticator app.'
        : 'That code is not right. Check that the app shows the Payrail Employer Portal entry and enter its current 6-digit code.';
    // The field's error, and the same words as `error` for a client that shows one line.
    throw new AppError('validation', message, { fields: { code: [message] }, extra: { error: message } });
  }
  const codes = Array.from({ length: EMPLOYER_RECOVERY_CODE_COUNT }, newRecoveryCode);
  const hashes = await Promise.all(codes.map((c) => recoveryCodeHash(ctx, c.replace('-', ''))));
  const now = ctx.now();
  if (!(await repo.revokeSession(found.session.id, now)) || !(await repo.completeEnrolment(user.id, hashes, now))) {
    throw new AppError('conflict', 'Your authenticator app is already set up. Sign in with your e-mail, password and a code.');
  }
  await clearAttempts(ctx, 'employerSignIn', user.email);
  await repo.audit({ user: auditRef(user), action: 'totp_enrolled', after: { recovery_codes: codes.length }, ip: client.ip, at: now });
  const token = await openEmployerSession(ctx, user.id, 'active', client);
  await repo.audit({ user: auditRef(user), action: 'signed_in', after: { method: 'enrolment' }, ip: client.ip, at: now });
  return { token, answer: { user: found.user, recovery_codes: codes } };
}
