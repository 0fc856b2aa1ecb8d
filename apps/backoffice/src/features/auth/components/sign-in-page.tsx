import { Navigate, useNavigate } from 'react-router';
import { Logo } from '@payrail/ui/logo';
import { SignInForm } from './sign-in-form';
import { homeFor } from '../../../lib/roles';
import { useStaffSession } from '../../../lib/staff-session';
import { usePageTitle } from '../../../app/title';
import styles from '@payrail/ui/styles/auth-card.module.css';

export function SignInPage() {
  usePageTitle('Sign in');
  const signedIn = useStaffSession((state) => state.token !== null);
  const navigate = useNavigate();
  if (signedIn) return <Navigate to="/" replace />;
  return (
    <main id="main" className={styles.page}>
      <div className={styles.card}>
        <div className={styles.brand}>
          <Logo />
        </div>
        <h1 id="signin-title" className={styles.title}>
          Back-office sign in
        </h1>
        <p className={styles.lead}>For Payrail staff. Use the e-mail and password your administrator gave you.</p>
        <SignInForm onSignedIn={(staff) => void navigate(homeFor(staff.role), { replace: true })} />
      </div>
    </main>
  );
}
