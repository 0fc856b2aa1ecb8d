import { useState } from 'react';
import { Link } from 'react-router';
import { MSG } from '@payrail/contract/messages';
import { EmailField } from '@payrail/ui/email-field';
import { Button } from '@payrail/ui/button';
import { Form } from '@payrail/ui/form';
import { notify } from '@payrail/ui/toast/notify';
import { isApiError } from '@payrail/client/http-client';
import { navigate } from '@payrail/client/navigation';
import { sessionStore } from '../../../lib/session-store';
import { isUnconfirmedEmail, useRequestPasswordReset } from '../api/request-password-reset';
import { resendConfirmation } from '../api/resend-confirmation';
import { useResetPassword } from '../api/reset-password';
import { useAuthPaths } from '../lib/auth-paths';
import { fieldMessage } from '../lib/field-errors';
import { AuthCard } from './auth-card';
import { forgotPasswordSchema, resetPasswordSchema } from './forgot-password.schema';
import { PasswordPair } from '@payrail/ui/password-pair';
import styles from './auth.module.css';

/** View 1: ask for the e-mail. Success moves to view 2; an unconfirmed account resends its code instead. */
function AskEmail({ onSent, returning }: { onSent: (email: string) => void; returning: boolean }) {
  const request = useRequestPasswordReset();
  const paths = useAuthPaths();
  return (
    <AuthCard
      titleId="forgot-title"
      focusTitle={returning}
      title="Forgot your password?"
      lead="Enter the e-mail of your account and we will send you a link to choose a new password."
    >
      <Form
        schema={forgotPasswordSchema}
        options={{ mode: 'onTouched', defaultValues: { email: '' } }}
        aria-labelledby="forgot-title"
        onSubmit={async ({ email }, form) => {
          try {
            await request.mutateAsync(email);
            notify.success(MSG.resetSent);
            onSent(email);
          } catch (error) {
            if (isUnconfirmedEmail(error)) {
              // spec §4: an unconfirmed account gets its confirmation code again and confirms first.
              notify.info(MSG.unconfirmedEmail);
              sessionStore.setPendingEmail(email);
              await resendConfirmation(email).catch(() => undefined);
              navigate(paths.emailValidation);
              return;
            }
            const emailError = isApiError(error) ? error.fieldError('email') : undefined;
            if (emailError) form.setError('email', { type: 'server', message: `Email ${emailError}.` }, { shouldFocus: true });
            else if (isApiError(error) && error.status === 503) navigate('/unavailable', { replace: true });
            else notify.error(isApiError(error) && error.status === 429 ? (error.serverMessage ?? MSG.forgotError) : MSG.forgotError);
          }
        }}
      >
        {({ watch }) => (
          <>
            <EmailField />
            <div className={styles.actions}>
              <Button
                type="submit"
                size="lg"
                fullWidth
                disabled={!forgotPasswordSchema.shape.email.safeParse(watch('email')).success}
                loading={request.isPending}
              >
                Send reset link
              </Button>
            </div>
          </>
        )}
      </Form>
      <div className={styles.links}>
        <p>
          <Link to={paths.signin}>Back to sign in</Link>
        </p>
      </div>
    </AuthCard>
  );
}

/** View 2: the link was sent. */
function LinkSent({ email, onBack }: { email: string; onBack: () => void }) {
  const paths = useAuthPaths();
  return (
    <AuthCard titleId="link-sent-title" title="Check your e-mail" focusTitle>
      <p>
        We sent a link to <strong>{email}</strong>. Open it to choose a new password. The link works once and expires after a few hours.
      </p>
      <p className={styles.lead}>No e-mail after a few minutes? Check your spam folder, or go back and try again.</p>
      <div className={styles.actions}>
        <Button variant="secondary" fullWidth onClick={onBack}>
          Back
        </Button>
        <Button to={paths.signin} variant="ghost" fullWidth>
          Go to sign in
        </Button>
      </div>
    </AuthCard>
  );
}

const RESET_FIELDS = ['password', 'password_confirmation'] as const;

/** View 3: a new password with the token from the e-mailed link. */
function ChooseNewPassword({ token }: { token: string }) {
  const paths = useAuthPaths();
  const reset = useResetPassword();
  return (
    <AuthCard titleId="reset-title" title="Choose a new password" lead="Your new password signs you out of every device. Sign in again with it afterwards.">
      <Form
        schema={resetPasswordSchema}
        options={{ mode: 'onTouched', defaultValues: { password: '', password_confirmation: '' } }}
        aria-labelledby="reset-title"
        onSubmit={async (values, form) => {
          try {
            await reset.mutateAsync({ ...values, reset_password_token: token });
            notify.success(MSG.passwordUpdated);
            navigate(paths.signin);
          } catch (error) {
            if (!isApiError(error)) return;
            if (error.status === 503) {
              navigate('/unavailable', { replace: true });
              return;
            }
            const tokenError = error.fieldError('reset_password_token');
            // The generic message, unless the link itself is the problem (spec §8).
            notify.error(tokenError ? fieldMessage('reset_password_token', tokenError) : (error.status === 429 && error.serverMessage) || MSG.resetSaveError);
            let focused = false;
            for (const field of RESET_FIELDS) {
              const message = error.fieldError(field);
              if (!message) continue;
              form.setError(field, { type: 'server', message: fieldMessage(field, message) }, { shouldFocus: !focused });
              focused = true;
            }
          }
        }}
      >
        {({ formState }) => (
          <>
            <PasswordPair labels={{ password: 'New password', confirmation: 'Confirm new password' }} />
            <div className={styles.actions}>
              <Button type="submit" size="lg" fullWidth disabled={!formState.isValid} loading={reset.isPending}>
                Save password
              </Button>
            </div>
          </>
        )}
      </Form>
      <div className={styles.links}>
        <p>
          <Link to={paths.forgotPassword}>Send me a new link</Link>
        </p>
        <p>
          <Link to={paths.signin}>Back to sign in</Link>
        </p>
      </div>
    </AuthCard>
  );
}

/** /forgot_password/{reset_password_token?}: ask for the e-mail, confirm the link was sent, or set a new password. */
export function ForgotPassword({ resetToken }: { resetToken?: string }) {
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [returning, setReturning] = useState(false);
  if (resetToken) return <ChooseNewPassword token={resetToken} />;
  if (sentTo)
    return (
      <LinkSent
        email={sentTo}
        onBack={() => {
          setReturning(true);
          setSentTo(null);
        }}
      />
    );
  return <AskEmail onSent={setSentTo} returning={returning} />;
}
