import { useState } from 'react';
import { Link } from 'react-router';
import { CONFIRMATION_SUPERSEDED, CONFIRMATION_SUPERSEDED_HINT, EMAIL_TOKEN_LENGTH } from '@payrail/contract/identity';
import { MSG } from '@payrail/contract/messages';
import { EmailField } from '@payrail/ui/email-field';
import { Button } from '@payrail/ui/button';
import { CodeField } from '@payrail/ui/code-field';
import { Form } from '@payrail/ui/form';
import { notify } from '@payrail/ui/toast/notify';
import { isApiError } from '@payrail/client/http-client';
import { navigate } from '@payrail/client/navigation';
import { sessionStore, useSession } from '../../../lib/session-store';
import { useConfirmEmail } from '../api/confirm-email';
import { useResendConfirmation } from '../api/resend-confirmation';
import { EMAIL_TOKEN_MIN_EXCLUSIVE, emailValidationSchema, normalizeEmailToken, resendEmailSchema } from './email-validation.schema';
import { useAuthPaths } from '../lib/auth-paths';
import { AuthCard } from './auth-card';
import styles from './auth.module.css';

export interface EmailValidationProps {
  /** The new token is already stored; keep the account and open the page of the current status. */
  onConfirmed: () => Promise<void>;
}

export const RESEND_DONE = (email: string) => `We sent a new code to ${email}.`;

/**
 * /email_validation: the 6-character code from the confirmation e-mail. Confirming signs the member in
 * (the answer carries a new token). A token error stays on the field ('Confirmation token is invalid.', plus
 * "A newer code was sent…" when the server says a resend replaced the code);
 * an account error ('Account was already confirmed, …') goes to sign-in.
 */
export function EmailValidation({ onConfirmed }: EmailValidationProps) {
  const pendingEmail = useSession((state) => state.pendingEmail);
  const paths = useAuthPaths();
  const [tokenError, setTokenError] = useState<string | undefined>();
  const [askEmail, setAskEmail] = useState(false);
  const [resendError, setResendError] = useState<string | undefined>();
  const confirm = useConfirmEmail();
  const resend = useResendConfirmation();

  const submit = async ({ confirmation_token: token }: { confirmation_token: string }) => {
    setTokenError(undefined);
    try {
      await confirm.mutateAsync({ token, email: pendingEmail });
      notify.success(MSG.accountConfirmed);
      await onConfirmed().catch(() => undefined);
    } catch (error) {
      if (!isApiError(error)) return;
      const tokenMessage = error.fieldError('confirmation_token');
      const emailMessage = error.fieldError('email');
      if (tokenMessage) {
        // The new flow has its own words for a wrong code (access §8); a code a resend replaced adds that a newer one was sent.
        const spec = paths.newFlow ? MSG.newFlowInvalidCode : `Confirmation token ${tokenMessage}.`;
        const superseded = (error.data as { reason?: unknown } | null)?.reason === CONFIRMATION_SUPERSEDED;
        setTokenError(superseded ? `${spec} ${CONFIRMATION_SUPERSEDED_HINT}` : spec);
      } else if (emailMessage) {
        notify.error(`Account ${emailMessage}.`);
        navigate(paths.signin);
      } else if (error.status === 503) {
        navigate('/unavailable', { replace: true });
      } else {
        setTokenError(error.serverMessage ?? (error.status === 0 ? error.message : MSG.confirmationTokenError));
      }
    }
  };

  const sendAgain = async (email: string) => {
    setResendError(undefined);
    try {
      const answer = await resend.mutateAsync(email);
      sessionStore.setPendingEmail(answer.email);
      notify.success(RESEND_DONE(answer.email));
      setAskEmail(false);
    } catch (error) {
      if (!isApiError(error)) return;
      const emailMessage = error.fieldError('email');
      setResendError(emailMessage ? `Email ${emailMessage}.` : (error.serverMessage ?? error.message));
    }
  };

  const requestResend = () => {
    if (pendingEmail) void sendAgain(pendingEmail);
    else setAskEmail(true);
  };

  return (
    <AuthCard
      titleId="email-validation-title"
      title="Confirm your e-mail"
      lead={
        pendingEmail ? (
          <>
            We sent a {EMAIL_TOKEN_LENGTH}-character code to <strong>{pendingEmail}</strong>. Enter it below to confirm your e-mail address.
          </>
        ) : (
          `Enter the ${EMAIL_TOKEN_LENGTH}-character code from the confirmation e-mail we sent you.`
        )
      }
    >
      <Form aria-labelledby="email-validation-title" schema={emailValidationSchema} options={{ defaultValues: { confirmation_token: '' } }} onSubmit={submit}>
        {({ watch }) => (
          <>
            <CodeField
              name="confirmation_token"
              label="Confirmation code"
              className={styles.tokenField}
              kind="characters"
              length={EMAIL_TOKEN_LENGTH}
              normalize={normalizeEmailToken}
              error={tokenError}
              schemaMessage={false}
              hint={`${EMAIL_TOKEN_LENGTH} letters and numbers`}
              onCodeChange={() => setTokenError(undefined)}
            />
            <div className={styles.actions}>
              <Button type="submit" size="lg" fullWidth disabled={watch('confirmation_token').length <= EMAIL_TOKEN_MIN_EXCLUSIVE} loading={confirm.isPending}>
                Continue
              </Button>
            </div>
          </>
        )}
      </Form>
      {askEmail ? (
        <Form
          aria-label="Resend the confirmation code"
          className={styles.resend}
          schema={resendEmailSchema}
          options={{ mode: 'onSubmit', defaultValues: { email: pendingEmail ?? '' } }}
          onSubmit={({ email }) => sendAgain(email)}
        >
          {({ formState: { errors } }) => (
            <>
              <EmailField
                label="Your e-mail"
                hint="We will send a new code to this address."
                required={false}
                error={errors.email?.message ?? resendError}
                autoFocus
              />
              <Button type="submit" variant="secondary" fullWidth loading={resend.isPending}>
                Send a new code
              </Button>
            </>
          )}
        </Form>
      ) : null}
      <div className={styles.links}>
        {askEmail ? null : (
          <p>
            Didn&apos;t get it?{' '}
            <button type="button" className={styles.linkButton} disabled={resend.isPending} onClick={requestResend}>
              Resend the code
            </button>
          </p>
        )}
        <p>
          <Link to={paths.signin}>Back to sign in</Link>
        </p>
      </div>
      {resendError && !askEmail ? (
        <p className={styles.errorText} role="alert">
          {resendError}
        </p>
      ) : null}
    </AuthCard>
  );
}
