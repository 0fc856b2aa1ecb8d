import { useState } from 'react';
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
import { SIGNUP_AGREEMENTS, SignupForm } from './signup-form';
import type { AgreementLinkRenderer } from './signup-form';
import { SocialSignupForm } from './social-signup-form';
import type { SocialIdentity } from './social-sign-in-button';
import { ChosenAnswer, SignInFooter, useStepStartFocus } from './signup-steps';
import { StateOfResidence } from './state-of-residence';

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
          <StateOfResidence initialStateId={null} onContinue={setState} />
        ) : (
          <>
            <ChosenAnswer what="state of residence" onChange={() => setState(null)} stepStart>
              State of residence: <strong>{state.name}</strong>
            </ChosenAnswer>
            {social ? (
              <SocialSignupForm
                identity={social}
                state={state}
                agreementLink={agreementLink}
                pending={pending}
                error={socialError}
                onSubmit={() => void signUpSocial(social)}
                onCancel={() => {
                  setSocial(null);
                  setSocialError(null);
                }}
              />
            ) : (
              <SignupForm state={state} agreementLink={agreementLink} onCreated={(result) => void created(result)} onSocialIdentity={(identity) => void signUpSocial(identity)} socialPending={pending} />
            )}
          </>
        )}
        </div>
        <SignInFooter question="Already have an account?" />
      </AuthCard>
    </>
  );
}
