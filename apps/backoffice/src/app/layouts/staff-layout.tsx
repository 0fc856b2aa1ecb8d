import { Navigate, Outlet, useNavigate } from 'react-router';
import { Logo } from '@web-layout/logo';
import { SkipLink } from '@web-layout/skip-link';
import { Button } from '@web-ui/button';
import { notify } from '@web-ui/toast/notify';
import { usePendingRequestCount } from '@web-lib/pending-requests';
import { useLogout } from '../../features/auth/api/logout';
import { ROLE_LABELS, useStaffSession } from '../../lib/staff-session';
import styles from './staff-layout.module.css';

/** Signed-in shell: who is signed in, in which role, and a way out. */
export function StaffLayout() {
  const token = useStaffSession((state) => state.token);
  const staff = useStaffSession((state) => state.staff);
  const busy = usePendingRequestCount() > 0;
  const logoutMutation = useLogout();
  const navigate = useNavigate();

  if (!token) return <Navigate to="/signin" replace />;

  const signOut = () => {
    logoutMutation.mutate(undefined, {
      onSettled: () => {
        notify.success('You are signed out.');
        void navigate('/signin', { replace: true });
      },
    });
  };

  return (
    <div className={styles.page}>
      <SkipLink />
      <header className={styles.header}>
        <div className={styles.headerInner}>
          <span className={styles.brand}>
            <Logo />
            <span className={styles.product}>Back office</span>
          </span>
          <div className={styles.account}>
            {staff ? (
              <p className={styles.who}>
                <span className={styles.name}>{staff.name}</span>
                <span className={styles.role}>{ROLE_LABELS[staff.role]}</span>
              </p>
            ) : null}
            <Button variant="secondary" size="sm" onClick={signOut} loading={logoutMutation.isPending}>
              Sign out
            </Button>
          </div>
        </div>
      </header>
      <main id="main" tabIndex={-1} className={styles.main} aria-busy={busy || undefined}>
        <Outlet />
      </main>
    </div>
  );
}
