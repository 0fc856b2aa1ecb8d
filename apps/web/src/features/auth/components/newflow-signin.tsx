import { useState } from 'react';
import type { FormEvent } from 'react';
import { Link } from 'react-router';
import { Alert } from '@payrail/ui/alert';
import { Button } from '@payrail/ui/button';
import { TextField } from '@payrail/ui/text-field';
import { navigate } from '@payrail/client/navigation';
import type { SessionUser } from '../../../lib/session-store';
import { sessionStore } from '../../../lib/session-store';
import { precheckEmailAnswer } from '../api/precheck-email';
import { useSignIn } from '../hooks/use-sign-in';
import { useAuthPaths } from '../lib/auth-paths';
import { AuthCard } from './auth-card';
import { AuthTabs } from './auth-tabs';
import { CaptchaBadge } from './captcha-badge';
import { PasswordField } from './password-field';
import { emailProblem } from '../lib/form-rules';
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
  const [password, setPassword] = useState('');
  const [checking, setChecking] = useState(false);
  const [noAccount, setNoAccount] = useState(false);
  const [emailTouched, setEmailTouched] = useState(false);
  // The plain rule held to the contract's e-mail field (form-rules.test.ts): this page loads no schema library.
  const emailError = emailProblem(email);
  const validEmail = email.trim();

  const submitEmail = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (emailError) return;
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

  const submitPassword = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (emailError || password.length === 0) return;
    void signIn.withPassword(validEmail, password);
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
        <form noValidate aria-labelledby="signin-title" onSubmit={(event) => void submitEmail(event)}>
          <TextField
            label="Email"
            type="email"
            autoComplete="username"
            inputMode="email"
            required
            value={email}
            error={emailTouched && emailError ? emailError : undefined}
            onChange={(event) => {
              setEmail(event.target.value);
              setNoAccount(false);
            }}
            onBlur={() => setEmailTouched(true)}
          />
          {noAccount ? (
            <Alert kind="info" assertive>
              We could not find an account for this e-mail. <Link to={paths.signup}>Check Your Rate</Link> to start an application.
            </Alert>
          ) : null}
          <div className={styles.actions}>
            <Button type="submit" size="lg" fullWidth disabled={emailError !== null} loading={checking}>
              Continue
            </Button>
          </div>
        </form>
      ) : (
        <form noValidate aria-labelledby="signin-title" onSubmit={submitPassword}>
          {signIn.error ? (
            <Alert kind="error" assertive>
              {signIn.error}
            </Alert>
          ) : null}
          <div className={styles.summary}>
            <p>
              Signing in as <strong>{email}</strong>
            </p>
            <button
              type="button"
              className={styles.linkButton}
              onClick={() => {
                setStep('email');
                setPassword('');
              }}
            >
              Change<span className="visually-hidden"> e-mail</span>
            </button>
          </div>
          {/* The username field lets password managers pair the saved login. */}
          <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
          <PasswordField label="Password" autoComplete="current-password" name="password" value={password} onChange={setPassword} />
          <div className={styles.actions}>
            <Button type="submit" size="lg" fullWidth disabled={password.length === 0} loading={signIn.pending}>
              Sign in
            </Button>
          </div>
        </form>
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
