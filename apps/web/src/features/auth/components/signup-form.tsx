import { useId } from 'react';
import type { ReactNode } from 'react';
import type { TSignupRequest } from '@payrail/contract/identity';
import type { TState } from '@payrail/contract/reference';
import { EmailField } from '@payrail/ui/email-field';
import { ErrorAlert } from '@payrail/ui/error-alert';
import { Checkbox } from '@payrail/ui/checkbox';
import { ValidatedForm } from '@payrail/ui/validated-form';
import { ReferralCodeField } from '../../../components/referral/referral-code-field';
import { getFingerprint } from '../../../lib/fingerprint';
import { useSubmitSignup } from '../hooks/use-submit-signup';
import type { SignUpResult } from '../api/sign-up';
import { signupFormDefaults, validateSignup } from '../lib/form-rules';
import { PasswordPair } from '@payrail/ui/password-pair';
import { SIGNUP_AGREEMENTS } from './signup-agreements';
import { SocialSignInButton } from './social-sign-in-button';
import type { SocialIdentity } from './social-sign-in-button';
import { GatedSubmit } from './gated-submit';
import styles from './auth.module.css';

/** Renders a link that opens an agreement document (composed in app/, from the legal feature). */
export type AgreementLinkRenderer = (agreement: 'privacy_notice' | 'consent_eletronic_comunications' | 'consent_text_messaging', label: string) => ReactNode;

export { SIGNUP_AGREEMENTS };

export interface SignupFormProps {
  state: TState;
  agreementLink: AgreementLinkRenderer;
  onCreated: (result: SignUpResult) => void;
  /** A social identity picked from this form: sign up with it (same state and consents). */
  onSocialIdentity: (identity: SocialIdentity) => void;
  socialPending?: boolean;
}

const FORM_FIELDS = ['email', 'password', 'password_confirmation', 'friend_refer_code'] as const;

/** The terms sentence of the sign-up checkbox, with its two documents. */
export function TermsLabel({ agreementLink }: { agreementLink: AgreementLinkRenderer }) {
  return (
    <>
      I have read and agree to the {agreementLink('privacy_notice', 'Privacy Notice')} and the{' '}
      {agreementLink('consent_eletronic_comunications', 'Consent to Electronic Communications')}.
    </>
  );
}

/**
 * Sign-up with e-mail and password (spec §2, §5): live password rules, a matching confirmation, an
 * optional referral code and the terms checkbox. "Sign up" stays disabled until every field is valid
 * and the terms are accepted.
 */
export function SignupForm({ state, agreementLink, onCreated, onSocialIdentity, socialPending }: SignupFormProps) {
  const { submit, pending } = useSubmitSignup();
  const gateId = useId();
  return (
    <ValidatedForm
      validate={validateSignup}
      options={{ mode: 'onTouched', defaultValues: signupFormDefaults }}
      aria-label="Sign up with e-mail"
      onSubmit={async (values, form) => {
        const body: TSignupRequest = {
          application_member: { email: values.email, password: values.password, password_confirmation: values.password_confirmation },
          fingerprint: getFingerprint(),
          agreements: SIGNUP_AGREEMENTS,
          loan_borrower: { state_id: state.id, employer_id: null, friend_refer_code: values.friend_refer_code || null },
        };
        const outcome = await submit(body);
        if (outcome.kind === 'created') {
          onCreated(outcome.result);
          return;
        }
        if (outcome.kind !== 'invalid') return;
        let focused = false;
        for (const field of FORM_FIELDS) {
          const message = outcome.fieldErrors[field];
          if (!message) continue;
          form.setError(field, { type: 'server', message }, { shouldFocus: !focused });
          focused = true;
        }
        const others = Object.entries(outcome.fieldErrors).filter(([field]) => !(FORM_FIELDS as readonly string[]).includes(field));
        if (others.length > 0) form.setError('root.server', { type: 'server', message: others.map(([, message]) => message).join(' ') });
      }}
    >
      {(form) => {
        const { register, formState, watch } = form;
        const accepted = watch('terms');
        const canSubmit = formState.isValid && accepted;
        const rootMessage = formState.errors.root?.server?.message;
        return (
          <>
            <ErrorAlert message={rootMessage} />
            <EmailField />
            <PasswordPair />
            <ReferralCodeField name="friend_refer_code" />
            <Checkbox label={<TermsLabel agreementLink={agreementLink} />} error={formState.errors.terms?.message} {...register('terms')} />
            <div className={styles.actions}>
              <GatedSubmit open={canSubmit} pending={pending || formState.isSubmitting} hint="Fill in every field and accept the terms to sign up.">
                Sign up
              </GatedSubmit>
            </div>
            <p className={styles.divider}>or</p>
            <SocialSignInButton
              onIdentity={onSocialIdentity}
              disabled={!accepted}
              loading={socialPending}
              aria-describedby={accepted ? undefined : `${gateId}-social`}
            >
              Sign up with Google
            </SocialSignInButton>
            {accepted ? null : (
              <p id={`${gateId}-social`} className={styles.hint}>
                Accept the terms above to sign up with Google.
              </p>
            )}
          </>
        );
      }}
    </ValidatedForm>
  );
}
