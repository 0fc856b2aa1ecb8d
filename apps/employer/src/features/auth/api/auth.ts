import { useMutation } from '@tanstack/react-query';
import { isApiError } from '@payrail/client/http-client';
import { ZEmployerEnrolled, ZEmployerInvitationInfo, ZEmployerLoginChallenge, ZEmployerTotpEnrolment, ZEmployerUser } from '@payrail/contract/employer-portal';
import type {
  TEmployerAcceptInvitation,
  TEmployerEnrolled,
  TEmployerInvitationInfo,
  TEmployerLoginChallenge,
  TEmployerLoginRequest,
  TEmployerOtpRequest,
  TEmployerTotpEnrolment,
  TEmployerUser,
} from '@payrail/contract/employer-portal';
import { portalApi } from '../../../lib/api-client';
import { employerSession } from '../../../lib/employer-session';

export const AUTH_MESSAGES = {
  tooMany: 'Too many attempts. Wait a few minutes, then try again.',
  generic: 'We could not sign you in. Please try again.',
} as const;

/**
 * The message for a failed sign-in step: the server's own words (wrong password, wrong code, locked
 * account, expired challenge) where it gave any. Global 401 handling is off for these calls: here a 401
 * means a wrong password or code, not an ended session.
 */
export function authErrorMessage(error: unknown, fallback: string = AUTH_MESSAGES.generic): string {
  if (!isApiError(error)) return fallback;
  if (error.status === 429) return error.serverMessage ?? AUTH_MESSAGES.tooMany;
  if (error.serverMessage) return error.serverMessage;
  if (error.status === 0) return error.message;
  return fallback;
}

/** POST /login: e-mail and password; answers the second-factor challenge. */
export async function login(body: TEmployerLoginRequest): Promise<TEmployerLoginChallenge> {
  return portalApi.post('/login', body, { schema: ZEmployerLoginChallenge, globalErrors: false, auth: false });
}

/** POST /login/otp: the challenge and a TOTP or recovery code; the session token arrives in `authorization`. */
export async function loginOtp(body: TEmployerOtpRequest): Promise<TEmployerUser> {
  const user = await portalApi.post('/login/otp', body, { schema: ZEmployerUser, globalErrors: false, auth: false });
  employerSession.setUser(user);
  return user;
}

/** POST /totp/enrol: an account that never finished its set-up gets a (new) TOTP secret. */
export async function enrolTotp(challenge: string): Promise<TEmployerTotpEnrolment> {
  return portalApi.post('/totp/enrol', { challenge }, { schema: ZEmployerTotpEnrolment, globalErrors: false, auth: false });
}

/** POST /totp/confirm with the enrolment token: activates the account, answers the recovery codes and opens the session. */
export async function confirmTotp({ enrolmentToken, code }: { enrolmentToken: string; code: string }): Promise<TEmployerEnrolled> {
  const answer = await portalApi.post(
    '/totp/confirm',
    { code },
    { schema: ZEmployerEnrolled, globalErrors: false, auth: false, headers: { Authorization: enrolmentToken } },
  );
  employerSession.setUser(answer.user);
  return answer;
}

/** GET /invitations/:token: whom the invitation is for (410 with a clear message when it is no longer valid). */
export async function getInvitation(token: string): Promise<TEmployerInvitationInfo> {
  return portalApi.get(`/invitations/${encodeURIComponent(token)}`, { schema: ZEmployerInvitationInfo, globalErrors: false, auth: false });
}

/** POST /invitations/accept: name and password; answers the TOTP set-up. */
export async function acceptInvitation(body: TEmployerAcceptInvitation): Promise<TEmployerTotpEnrolment> {
  return portalApi.post('/invitations/accept', body, { schema: ZEmployerTotpEnrolment, globalErrors: false, auth: false });
}

export function useLogin() {
  return useMutation({ mutationFn: login });
}
export function useLoginOtp() {
  return useMutation({ mutationFn: loginOtp });
}
export function useEnrolTotp() {
  return useMutation({ mutationFn: enrolTotp });
}
export function useConfirmTotp() {
  return useMutation({ mutationFn: confirmTotp });
}
export function useAcceptInvitation() {
  return useMutation({ mutationFn: acceptInvitation });
}
