import { Navigate, NavLink, Outlet, useNavigate } from 'react-router';
import { Logo } from '@payrail/ui/logo';
import { SkipLink } from '@payrail/ui/skip-link';
import { Button } from '@payrail/ui/button';
import { notify } from '@payrail/ui/toast/notify';
import { usePendingRequestCount } from '@payrail/client/pending-requests';
import { useMe } from '../../features/auth/api/get-me';
import { useLogout } from '../../features/auth/api/logout';
import { can } from '../../lib/roles';
import type { Capability } from '../../lib/roles';
import { ROLE_LABELS, useStaffSession } from '../../lib/staff-session';
import styles from './staff-layout.module.css';

const NAV: readonly { to: string; label: string; capability: Capability; end?: boolean }[] = [
  { to: '/', label: 'Review queue', capability: 'read', end: true },
  { to: '/funding', label: 'Funding', capability: 'fund' },
  { to: '/loans', label: 'Loans', capability: 'read' },
  { to: '/servicing', label: 'Servicing', capability: 'fund' },
  { to: '/hardship', label: 'Hardship', capability: 'read' },
  { to: '/collections', label: 'Collections', capability: 'collect' },
  { to: '/audit', label: 'Audit log', capability: 'audit' },
  { to: '/system-event', label: 'System event', capability: 'systemEvent' },
  { to: '/storage-check', label: 'Storage check', capability: 'storageCheck' },
  { to: '/credit-reporting', label: 'Credit reporting', capability: 'creditReporting' },
  { to: '/portfolio', label: 'Portfolio', capability: 'portfolio' },
  { to: '/employers', label: 'Employers', capability: 'manageEmployerUsers' },
  { to: '/jobs', label: 'Jobs', capability: 'jobs' },
];

/** Keeps the name and role fresh (and a dead token goes back to sign-in through the global 401 rule). */
function MeRefresher() {
  useMe();
  return null;
}

/** Signed-in shell: who is signed in, in which role, the pages that role may use, and a way out. */
export function StaffLayout() {
  const token = useStaffSession((state) => state.token);
  const staff = useStaffSession((state) => state.staff);
  const busy = usePendingRequestCount() > 0;
  const logoutMutation = useLogout();
  const navigate = useNavigate();

  if (!token) return <Navigate to="/signin" replace />;
  // Servicers read the queue to find applications, but their work starts at funding.
  const links = NAV.filter((item) => can(staff?.role, item.capability))
    .map((item) => (staff?.role === 'servicer' && item.to === '/' ? { ...item, label: 'Applications' } : item))
    .sort((a, b) => (staff?.role === 'servicer' ? Number(a.capability === 'read') - Number(b.capability === 'read') : 0));

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
        {links.length > 0 ? (
          <nav className={styles.nav} aria-label="Back office">
            <ul className={styles.navList}>
              {links.map((item) => (
                <li key={item.to}>
                  <NavLink to={item.to} end={item.end} className={({ isActive }) => (isActive ? `${styles.navLink} ${styles.active}` : styles.navLink)}>
                    {item.label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
        ) : null}
      </header>
      <MeRefresher />
      <main id="main" tabIndex={-1} className={styles.main} aria-busy={busy || undefined}>
        <Outlet />
      </main>
    </div>
  );
}
