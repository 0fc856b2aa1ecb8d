import { useEffect, useRef } from 'react';
import type { TState } from '@payrail/contract/reference';
import type { SignUpResult } from '../api/sign-up';
import { SignupForm } from './signup-form';
import type { AgreementLinkRenderer } from './signup-form';
import { SocialSignupForm } from './social-signup-form';
import type { SocialIdentity } from './social-sign-in-button';
import { ChosenAnswer } from './signup-steps';

export interface SignupDetailsProps {
  state: TState;
  onChangeState: () => void;
  social: SocialIdentity | null;
  socialError: string | null;
  pending: boolean;
  agreementLink: AgreementLinkRenderer;
  onCreated: (result: SignUpResult) => void;
  onSocialIdentity: (identity: SocialIdentity) => void;
  onCancelSocial: () => void;
}

/**
 * Sign-up step 2: the state chosen, then the form (e-mail, or the social identity carried over). Its own
 * module, loaded once a state is being chosen (signup.tsx): the form library and the form stay off the
 * page's first load (docs/architecture.md). The summary takes the focus when the step appears.
 */
export default function SignupDetails({
  state,
  onChangeState,
  social,
  socialError,
  pending,
  agreementLink,
  onCreated,
  onSocialIdentity,
  onCancelSocial,
}: SignupDetailsProps) {
  const containerRef = useRef<HTMLDivElement>(null);
  // The page moves the focus between steps (useStepStartFocus); while this module was loading there was
  // nothing to move it to, so the summary takes it when it appears.
  useEffect(() => {
    const start = containerRef.current?.querySelector<HTMLElement>('[data-step-start]');
    if (start && !start.contains(document.activeElement)) start.focus();
  }, []);
  return (
    <div ref={containerRef}>
      <ChosenAnswer what="state of residence" onChange={onChangeState} stepStart>
        State of residence: <strong>{state.name}</strong>
      </ChosenAnswer>
      {social ? (
        <SocialSignupForm
          identity={social}
          state={state}
          agreementLink={agreementLink}
          pending={pending}
          error={socialError}
          onSubmit={() => onSocialIdentity(social)}
          onCancel={onCancelSocial}
        />
      ) : (
        <SignupForm state={state} agreementLink={agreementLink} onCreated={onCreated} onSocialIdentity={onSocialIdentity} socialPending={pending} />
      )}
    </div>
  );
}
