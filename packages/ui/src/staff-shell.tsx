import { useEffect, useRef } from 'react';
import type { ReactNode } from 'react';
import { Navigate, NavLink, useLocation, useNavigate } from 'react-router';
import { usePendingRequestCount } from '@payrail/client/pending-requests';
import { Button } from './button';
import { Logo } from './logo';
import { SkipLink } from './skip-link';
import { notify } from './toast/notify';
import styles from './staff-shell.module.css';

/** One page in the shell's navigation (`end`: active only on that exact path, for `/`). */
export interface StaffShellLink {
  to: string;
  label: string;
  end?: boolean;
}

/**
 * How the shell signs out: the app's logout mutation (its `mutate` and `isPending`). The local session ends
 * whether or not the server answers, so the shell says so and goes to sign-in once the call is settled.
 */
export interface StaffShellSignOut {
  mutate: (variables: undefined, options: { onSettled: () => void }) => void;
  isPending: boolean;
}

export interface StaffShellProps {
  /** The app's name on its badge next to the logo; also the name of its navigation. */
  product: string;
  /** Without a session the shell goes to sign-in instead. */
  signedIn: boolean;
  /** Who is signed in: a name in bold and a line under it (a role, a person); nothing while unknown. */
  who: { primary: string; secondary: string } | null;
  /** The pages this user may open; no navigation when there is none. */
  links: readonly StaffShellLink[];
  signOut: StaffShellSignOut;
  /** After a move between pages, focus goes to the new page's content (its heading is read first). */
  focusMainOnNavigation?: boolean;
  /** Less room around the header and the content under 480 px. */
  compactOnPhone?: boolean;
  /** The page (an `<Outlet />`). */
  children: ReactNode;
}

function useFocusMainOnNavigation(enabled: boolean) {
  const { pathname } = useLocation();
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    if (enabled) document.getElementById('main')?.focus();
  }, [pathname, enabled]);
}

/** The signed-in shell of the staff-style SPAs: the product, who is signed in, the pages, a way out, and the page. */
export function StaffShell({ product, signedIn, who, links, signOut, focusMainOnNavigation = false, compactOnPhone = false, children }: StaffShellProps) {
  const busy = usePendingRequestCount() > 0;
  const navigate = useNavigate();
  useFocusMainOnNavigation(focusMainOnNavigation);

  if (!signedIn) return <Navigate to="/signin" replace />;

  const onSignOut = () => {
    signOut.mutate(undefined, {
      onSettled: () => {
        notify.success('You are signed out.');
        void navigate('/signin', { replace: true });
      },
    });
  };

  return (
    <div className={compactOnPhone ? `${styles.page} ${styles.compact}` : styles.page}>
      <SkipLink />
      <header className={styles.header}>
        <div className={styles.headerInner}>
          <span className={styles.brand}>
            <Logo />
            <span className={styles.product}>{product}</span>
          </span>
          <div className={styles.account}>
            {who ? (
              <p className={styles.who}>
                <span className={styles.primary}>{who.primary}</span>
                <span className={styles.secondary}>{who.secondary}</span>
              </p>
            ) : null}
            <Button variant="secondary" size="sm" onClick={onSignOut} loading={signOut.isPending}>
              Sign out
            </Button>
          </div>
        </div>
        {links.length > 0 ? (
          <nav className={styles.nav} aria-label={product}>
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
      <main id="main" tabIndex={-1} className={styles.main} aria-busy={busy || undefined}>
        {children}
      </main>
    </div>
  );
}
