import { Suspense, lazy, useState } from 'react';
import type { TSignupRequest } from '@payrail/contract/identity';
import { MSG } from '@payrail/contract/messages';
import type { TState } from '@payrail/contract/reference';
import { notify } from '@payrail/ui/toast/notify';
import { getFingerprint } from '../../../lib/fingerprint';
import { navigate } from '@payrail/client/navigation';
import { sessionStore } from '../../../lib/session-store';
import type { SignUpResult } from '../api/sign-up';
import { useSubmitSignup } from '../hooks/use-submit-signup';
import { useAuthPaths } from '../lib/auth-paths';
import { AuthCard } from './auth-card';
import { AuthTabs } from './auth-tabs';
import { LoadingBlock } from '@payrail/ui/spinner';
import { SIGNUP_AGREEMENTS } from './signup-agreements';
import type { AgreementLinkRenderer } from './signup-form';
import type { SocialIdentity } from './social-sign-in-button';
import { SignInFooter, useStepStartFocus } from './signup-steps';
import { StateOfResidence } from './state-of-residence';

/**
 * Step 2 (the form) is its own module: the page's first load is step 1, and the form library comes with
 * step 2 (docs/architecture.md). Its download starts as soon as a state is being chosen, so it is there
 * by the time Continue is pressed.
 */
const loadDetails = () => import('./signup-details');
const SignupDetails = lazy(loadDetails);
const prefetchDetails = () => {
  void loadDetails();
};

export interface SignupProps {
  /** Carried over from a social sign-in that found no account (route state socialSignup/signupObject). */
  socialIdentity?: SocialIdentity | null;
  agreementLink: AgreementLinkRenderer;
  /** A sign-up that answered a session token (social): continue to the page of the current status. */
  onSignedIn: () => Promise<void>;
}

/**
 * /signup: the state of residence first, then the sign-up form (e-mail, or the social identity carried
 * over). Without a token in the answer the new account must confirm its e-mail: the e-mail is kept for
 * "resend" and the visitor goes to /email_validation.
 */
export function Signup({ socialIdentity: carried, agreementLink, onSignedIn }: SignupProps) {
  const paths = useAuthPaths();
  const [state, setState] = useState<TState | null>(null);
  const [social, setSocial] = useState<SocialIdentity | null>(carried ?? null);
  const [socialError, setSocialError] = useState<string | null>(null);
  const { submit, pending } = useSubmitSignup();
  const stepRef = useStepStartFocus(state ? '[data-step-start]' : 'select');

  const created = async ({ account, signedIn }: SignUpResult) => {
    notify.success(MSG.signupSuccess);
    if (signedIn) {
      await onSignedIn().catch(() => undefined);
      return;
    }
    sessionStore.setPendingEmail(account.email);
    navigate(paths.emailValidation);
  };

  const signUpSocial = async (identity: SocialIdentity) => {
    if (!state) return;
    setSocialError(null);
    const body: TSignupRequest = {
      application_member: { google_token: identity.google_token },
      fingerprint: getFingerprint(),
      agreements: SIGNUP_AGREEMENTS,
      loan_borrower: { state_id: state.id, employer_id: null },
    };
    const outcome = await submit(body);
    if (outcome.kind === 'created') await created(outcome.result);
    else if (outcome.kind === 'invalid') setSocialError(Object.values(outcome.fieldErrors).join(' '));
  };

  return (
    <>
      <AuthCard
        titleId="signup-title"
        title="Check your rate"
        above={<AuthTabs current="signup" />}
        lead={state ? 'Create your account to see your rate. It does not affect your credit score.' : 'First, tell us where you live.'}
      >
        <div ref={stepRef}>
          {state === null ? (
            <div onFocusCapture={prefetchDetails} onPointerDownCapture={prefetchDetails}>
              <StateOfResidence initialStateId={null} onContinue={setState} />
            </div>
          ) : (
            <Suspense fallback={<LoadingBlock label="Loading…" />}>
              <SignupDetails
                state={state}
                onChangeState={() => setState(null)}
                social={social}
                socialError={socialError}
                pending={pending}
                agreementLink={agreementLink}
                onCreated={(result) => void created(result)}
                onSocialIdentity={(identity) => void signUpSocial(identity)}
                onCancelSocial={() => {
                  setSocial(null);
                  setSocialError(null);
                }}
              />
            </Suspense>
          )}
        </div>
        <SignInFooter question="Already have an account?" />
      </AuthCard>
    </>
  );
}
