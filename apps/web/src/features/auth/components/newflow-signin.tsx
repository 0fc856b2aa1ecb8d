import { useState } from 'react';
import { Link } from 'react-router';
import { EmailField } from '@payrail/ui/email-field';
import { Alert } from '@payrail/ui/alert';
import { ErrorAlert } from '@payrail/ui/error-alert';
import { Button } from '@payrail/ui/button';
import { ValidatedForm } from '@payrail/ui/validated-form';
import { navigate } from '@payrail/client/navigation';
import type { SessionUser } from '../../../lib/session-store';
import { sessionStore } from '../../../lib/session-store';
import { precheckEmailAnswer } from '../api/precheck-email';
import { useSignIn } from '../hooks/use-sign-in';
import { useAuthPaths } from '../lib/auth-paths';
import { AuthCard } from './auth-card';
import { AuthTabs } from './auth-tabs';
import { CaptchaBadge } from './captcha-badge';
import { PasswordInputField } from '@payrail/ui/password-input-field';
import { validateEmailStep, validatePasswordStep } from '../lib/form-rules';
import styles from './auth.module.css';

export interface NewflowSigninProps {
  onSignedIn: (user: SessionUser) => Promise<void>;
  /** Start on the password step for this e-mail (from already_started). */
  initialEmail?: string | null;
  /** Where an application already in progress is explained. */
  alreadyStartedPath: string;
}

/**
 * New-flow sign-in (newflow §2, §4): an e-mail step, then a password step. The e-mail step asks `POST
 * {auth}/email`: 200 → password; 202 → an application is in progress (unconfirmed → verify_email,
 * otherwise already_started). A Forgot your Password link and a Check Your Rate link to sign-up.
 */
export function NewflowSignin({ onSignedIn, initialEmail, alreadyStartedPath }: NewflowSigninProps) {
  const paths = useAuthPaths();
  const signIn = useSignIn(onSignedIn);
  const [email, setEmail] = useState(initialEmail ?? '');
  const [step, setStep] = useState<'email' | 'password'>(initialEmail ? 'password' : 'email');
  const [checking, setChecking] = useState(false);
  const [noAccount, setNoAccount] = useState(false);

  // The plain rules held to the contract's e-mail field (form-rules.test.ts): this page loads no schema library.
  const submitEmail = async ({ email: validEmail }: { email: string }) => {
    setEmail(validEmail);
    setNoAccount(false);
    setChecking(true);
    const { outcome, continueLink, linkValidHours } = await precheckEmailAnswer(validEmail).finally(() => setChecking(false));
    if (outcome === 'verify_email') {
      sessionStore.setPendingEmail(validEmail);
      navigate(paths.emailValidation);
    } else if (outcome === 'already_started') {
      navigate(alreadyStartedPath, { state: { email: validEmail, continueLink, linkValidHours } });
    } else if (outcome === 'no_account') {
      setNoAccount(true);
    } else {
      setStep('password');
    }
  };

  const submitPassword = ({ password }: { password: string }) => {
    void signIn.withPassword(email.trim(), password);
  };

  return (
    <AuthCard
      titleId="signin-title"
      title="Sign in"
      above={<AuthTabs current="signin" />}
      focusTitle={step === 'password' && !initialEmail}
      lead={step === 'email' ? 'Enter your e-mail to continue your application.' : 'Enter your password.'}
    >
      {step === 'email' ? (
        <ValidatedForm
          key="email"
          aria-labelledby="signin-title"
          validate={validateEmailStep}
          options={{ mode: 'onTouched', defaultValues: { email } }}
          onSubmit={submitEmail}
        >
          {({ watch }) => {
            return (
              <>
                <EmailField autoComplete="username" onChange={() => setNoAccount(false)} />
                {noAccount ? (
                  <Alert kind="info" assertive>
                    We could not find an account for this e-mail. <Link to={paths.signup}>Check Your Rate</Link> to start an application.
                  </Alert>
                ) : null}
                <div className={styles.actions}>
                  <Button type="submit" size="lg" fullWidth disabled={validateEmailStep({ email: watch('email') }).errors !== undefined} loading={checking}>
                    Continue
                  </Button>
                </div>
              </>
            );
          }}
        </ValidatedForm>
      ) : (
        <ValidatedForm
          key="password"
          aria-labelledby="signin-title"
          validate={validatePasswordStep}
          options={{ mode: 'onSubmit', defaultValues: { password: '' } }}
          onSubmit={submitPassword}
        >
          {({ watch }) => (
            <>
              <ErrorAlert message={signIn.error} />
              <div className={styles.summary}>
                <p>
                  Signing in as <strong>{email}</strong>
                </p>
                <button type="button" className={styles.linkButton} onClick={() => setStep('email')}>
                  Change<span className="visually-hidden"> e-mail</span>
                </button>
              </div>
              {/* The username field lets password managers pair the saved login. */}
              <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
              <PasswordInputField name="password" label="Password" autoComplete="current-password" error={null} />
              <div className={styles.actions}>
                <Button type="submit" size="lg" fullWidth disabled={watch('password').length === 0} loading={signIn.pending}>
                  Sign in
                </Button>
              </div>
            </>
          )}
        </ValidatedForm>
      )}
      <div className={styles.links}>
        <p>
          <Link to={paths.forgotPassword}>Forgot your Password?</Link>
        </p>
        <p>
          New here? <Link to={paths.signup}>Check Your Rate</Link>
        </p>
      </div>
      <CaptchaBadge />
    </AuthCard>
  );
}
