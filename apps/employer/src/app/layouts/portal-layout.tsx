import { useEffect, useRef } from 'react';
import { Navigate, NavLink, Outlet, useLocation, useNavigate } from 'react-router';
import { Logo } from '@payrail/ui/logo';
import { SkipLink } from '@payrail/ui/skip-link';
import { Button } from '@payrail/ui/button';
import { notify } from '@payrail/ui/toast/notify';
import { usePendingRequestCount } from '@payrail/client/pending-requests';
import { useMe } from '../../features/auth/api/me';
import { useLogout } from '../../features/auth/api/logout';
import { useEmployerSession } from '../../lib/employer-session';
import styles from './portal-layout.module.css';

const NAV: readonly { to: string; label: string }[] = [
  { to: '/deductions', label: 'Deductions' },
  { to: '/remittances', label: 'Remittances' },
  { to: '/verifications', label: 'Verifications' },
  { to: '/changes', label: 'Changes' },
];

/** Keeps the user and employer fresh (and a dead token goes back to sign-in through the global 401 rule). */
function MeRefresher() {
  useMe();
  return null;
}

/** After a move between pages, focus goes to the new page's content (its heading is read first). */
function useFocusOnNavigation(pathname: string) {
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    document.getElementById('main')?.focus();
  }, [pathname]);
}

/** Signed-in shell: the employer, who is signed in, the four pages and a way out. */
export function PortalLayout() {
  const token = useEmployerSession((state) => state.token);
  const user = useEmployerSession((state) => state.user);
  const busy = usePendingRequestCount() > 0;
  const logoutMutation = useLogout();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  useFocusOnNavigation(pathname);

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
            <span className={styles.product}>Employer portal</span>
          </span>
          <div className={styles.account}>
            {user ? (
              <p className={styles.who}>
                <span className={styles.employer}>{user.employer_name}</span>
                <span className={styles.role}>{user.name}</span>
              </p>
            ) : null}
            <Button variant="secondary" size="sm" onClick={signOut} loading={logoutMutation.isPending}>
              Sign out
            </Button>
          </div>
        </div>
        <nav className={styles.nav} aria-label="Employer portal">
          <ul className={styles.navList}>
            {NAV.map((item) => (
              <li key={item.to}>
                <NavLink to={item.to} className={({ isActive }) => (isActive ? `${styles.navLink} ${styles.active}` : styles.navLink)}>
                  {item.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      </header>
      <MeRefresher />
      <main id="main" tabIndex={-1} className={styles.main} aria-busy={busy || undefined}>
        <Outlet />
      </main>
    </div>
  );
}
