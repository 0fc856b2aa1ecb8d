import type { TState } from '@payrail/contract/reference';
import { ErrorAlert } from '@payrail/ui/error-alert';
import { Button } from '@payrail/ui/button';
import { Checkbox } from '@payrail/ui/checkbox';
import { ValidatedForm } from '@payrail/ui/validated-form';
import { validateTermsAccepted } from '../lib/form-rules';
import { TermsLabel } from './signup-form';
import type { AgreementLinkRenderer } from './signup-form';
import type { SocialIdentity } from './social-sign-in-button';
import { GatedSubmit } from './gated-submit';
import styles from './auth.module.css';

export interface SocialSignupFormProps {
  identity: SocialIdentity;
  state: TState;
  agreementLink: AgreementLinkRenderer;
  onSubmit: () => void;
  onCancel: () => void;
  pending: boolean;
  error?: string | null;
}

/**
 * Sign-up with a social identity (arriving from a social sign-in that found no account): no password,
 * only the state chosen before and the terms.
 */
export function SocialSignupForm({ identity, state, agreementLink, onSubmit, onCancel, pending, error }: SocialSignupFormProps) {
  return (
    <ValidatedForm aria-label="Sign up with Google" validate={validateTermsAccepted} options={{ defaultValues: { terms: false } }} onSubmit={() => onSubmit()}>
      {({ register, watch }) => {
        const accepted = watch('terms');
        return (
          <>
            <div className={styles.summary}>
              <p>
                Signing up with Google as <strong>{identity.email ?? identity.name ?? 'your Google account'}</strong>, living in {state.name}.
              </p>
            </div>
            <ErrorAlert message={error} />
            <Checkbox label={<TermsLabel agreementLink={agreementLink} />} {...register('terms')} />
            <div className={styles.actions}>
              <GatedSubmit open={accepted} pending={pending} hint="Accept the terms to create your account.">
                Create my account
              </GatedSubmit>
              <Button variant="ghost" fullWidth onClick={onCancel}>
                Sign up with e-mail instead
              </Button>
            </div>
          </>
        );
      }}
    </ValidatedForm>
  );
}
