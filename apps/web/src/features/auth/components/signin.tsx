import { Link } from 'react-router';
import { EmailField } from '@payrail/ui/email-field';
import { ErrorAlert } from '@payrail/ui/error-alert';
import { Button } from '@payrail/ui/button';
import { ValidatedForm } from '@payrail/ui/validated-form';
import type { SessionUser } from '../../../lib/session-store';
import { useSignIn } from '../hooks/use-sign-in';
import { useAuthPaths } from '../lib/auth-paths';
import { emailProblem, validateSignin } from '../lib/form-rules';
import { AuthCard } from './auth-card';
import { AuthTabs } from './auth-tabs';
import { CaptchaBadge } from './captcha-badge';
import { PasswordInputField } from '@payrail/ui/password-input-field';
import { SocialSignInButton } from './social-sign-in-button';
import styles from './auth.module.css';

export interface SigninProps {
  /** Keeps the account, reads the navigation stack and opens the page of the current status (app/). */
  onSignedIn: (user: SessionUser) => Promise<void>;
}

/** /signin: e-mail and password, or a social identity; links to reset the password and to sign up. */
export function Signin({ onSignedIn }: SigninProps) {
  const signIn = useSignIn(onSignedIn);
  const paths = useAuthPaths();
  return (
    <>
      <AuthCard
        titleId="signin-title"
        title="Sign in"
        above={<AuthTabs current="signin" />}
        lead="Welcome back. Sign in to continue your application or manage your loan."
      >
        <ValidatedForm
          validate={validateSignin}
          options={{ mode: 'onTouched', defaultValues: { email: '', password: '' } }}
          aria-labelledby="signin-title"
          onSubmit={(values) => signIn.withPassword(values.email, values.password)}
        >
          {({ watch }) => {
            const emailValid = emailProblem(watch('email')) === null;
            const canContinue = emailValid && watch('password').length > 0;
            return (
              <>
                <ErrorAlert message={signIn.error} />
                <EmailField autoComplete="username" />
                <PasswordInputField name="password" label="Password" autoComplete="current-password" />
                <div className={styles.actions}>
                  <Button type="submit" size="lg" fullWidth disabled={!canContinue} loading={signIn.pending}>
                    Continue
                  </Button>
                </div>
              </>
            );
          }}
        </ValidatedForm>
        <p className={styles.divider}>or</p>
        <SocialSignInButton onIdentity={(identity) => void signIn.withSocial(identity)}>Sign in with Google</SocialSignInButton>
        <div className={styles.links}>
          <p>
            <Link to={paths.forgotPassword}>Forgot your password?</Link>
          </p>
          <p>
            New to Payrail? <Link to={paths.signup}>Sign up</Link>
          </p>
        </div>
        <CaptchaBadge />
      </AuthCard>
    </>
  );
}
