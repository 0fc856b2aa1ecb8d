import { Link } from 'react-router';
import { Button } from '@payrail/ui/button';
import { navigate } from '@payrail/client/navigation';
import { useAuthPaths } from '../lib/auth-paths';
import { AuthCard } from './auth-card';
import styles from './auth.module.css';

/**
 * already_started (newflow §2): the e-mail step found an application in progress for this address.
 * The applicant continues it by signing in with its password (or resets the password).
 */
export function AlreadyStarted({ email }: { email: string | null }) {
  const paths = useAuthPaths();
  return (
    <AuthCard titleId="already-started-title" title="You already started an application" lead={email ? <>There is an application in progress for <strong>{email}</strong>.</> : 'There is an application in progress for this e-mail.'}>
      <p>Sign in to pick it up where you left off. Your answers so far are saved.</p>
      <div className={styles.actions}>
        <Button size="lg" fullWidth onClick={() => navigate(paths.signin, { state: email ? { email } : undefined })}>
          Continue my application
        </Button>
      </div>
      <div className={styles.links}>
        <p>
          <Link to={paths.forgotPassword}>Forgot your Password?</Link>
        </p>
      </div>
    </AuthCard>
  );
}
