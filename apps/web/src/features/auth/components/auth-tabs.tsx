import { Link } from 'react-router';
import { useAuthPaths } from '../lib/auth-paths';
import styles from './auth.module.css';

/**
 * The Sign up / Sign in tabs of the access screens. They change page, so they are links in a nav (the
 * current one marked with aria-current), not an ARIA tablist.
 */
export function AuthTabs({ current }: { current: 'signup' | 'signin' }) {
  const paths = useAuthPaths();
  return (
    <nav aria-label="Account access" className={styles.tabs}>
      <ul className={styles.tabList}>
        <li>
          <Link to={paths.signup} className={styles.tab} aria-current={current === 'signup' ? 'page' : undefined}>
            Sign up
          </Link>
        </li>
        <li>
          <Link to={paths.signin} className={styles.tab} aria-current={current === 'signin' ? 'page' : undefined}>
            Sign in
          </Link>
        </li>
      </ul>
    </nav>
  );
}
