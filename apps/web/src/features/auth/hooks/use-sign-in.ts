import { useCallback, useState } from 'react';
import type { TLoginRequest } from '@payrail/contract/identity';
import { MSG } from '@payrail/contract/messages';
import { notify } from '@payrail/ui/toast/notify';
import { isApiError } from '@payrail/client/http-client';
import { navigate } from '@payrail/client/navigation';
import type { SessionUser } from '../../../lib/session-store';
import { sessionStore } from '../../../lib/session-store';
import { login, sessionUserFromLogin } from '../api/login';
import type { SocialIdentity } from '../components/social-sign-in-button';
import { useAuthPaths } from '../lib/auth-paths';
import { useCaptcha } from './use-captcha';

/** Route state the sign-up page reads after a social sign-in that found no account (spec §2). */
export interface SignupRouteState {
  socialSignup: true;
  signupObject: SocialIdentity;
}

export function isSignupRouteState(value: unknown): value is SignupRouteState {
  if (typeof value !== 'object' || value === null) return false;
  const state = value as Partial<SignupRouteState>;
  return state.socialSignup === true && typeof state.signupObject?.google_token === 'string';
}

const GENERIC_SIGNIN_ERROR = 'We could not sign you in. Please try again.';

/**
 * POST /login and the spec's reading of its answer (§8): the unconfirmed-e-mail message goes to
 * /email_validation, the no-account message (social) to /signup with the identity, any other message is
 * the form's sign-in error. Success hands the account to `onSignedIn`.
 */
export function useSignIn(onSignedIn: (user: SessionUser) => Promise<void>) {
  const captcha = useCaptcha('signin');
  const paths = useAuthPaths();
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  const run = useCallback(
    async (body: TLoginRequest, social: SocialIdentity | null) => {
      setError(null);
      setPending(true);
      try {
        if (!(await captcha())) return;
        const answer = await login(body);
        await onSignedIn(sessionUserFromLogin(answer));
      } catch (caught) {
        if (!isApiError(caught)) {
          setError(GENERIC_SIGNIN_ERROR);
          return;
        }
        const message = caught.serverMessage;
        if (message === MSG.unconfirmedEmail) {
          notify.info(MSG.unconfirmedEmail);
          if ('email' in body.application_member) sessionStore.setPendingEmail(body.application_member.email);
          navigate(paths.emailValidation);
        } else if (message === MSG.noAccountYet && social) {
          notify.info(MSG.noAccountYet);
          const state: SignupRouteState = { socialSignup: true, signupObject: social };
          navigate(paths.signup, { state });
        } else if (social) {
          notify.error(MSG.socialSigninError);
        } else if (caught.status === 503 || caught.status === 403) {
          // Global errors are off for /login; a system event still belongs on /unavailable.
          if (caught.status === 503) navigate('/unavailable', { replace: true });
          else setError(message ?? GENERIC_SIGNIN_ERROR);
        } else {
          setError(message ?? (caught.status === 0 ? caught.message : GENERIC_SIGNIN_ERROR));
        }
      } finally {
        setPending(false);
      }
    },
    [captcha, onSignedIn, paths],
  );

  return {
    error,
    pending,
    withPassword: useCallback((email: string, password: string) => run({ application_member: { email, password } }, null), [run]),
    withSocial: useCallback((identity: SocialIdentity) => run({ application_member: { google_token: identity.google_token } }, identity), [run]),
  };
}
