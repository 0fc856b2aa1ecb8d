import { Link } from 'react-router';
import styles from './auth.module.css';

/**
 * The Sign up / Sign in tabs of the access screens. They change page, so they are links in a nav (the
 * current one marked with aria-current), not an ARIA tablist.
 */
export function AuthTabs({ current }: { current: 'signup' | 'signin' }) {
  return (
    <nav aria-label="Account access" className={styles.tabs}>
      <ul className={styles.tabList}>
        <li>
          <Link to="/signup" className={styles.tab} aria-current={current === 'signup' ? 'page' : undefined}>
            Sign up
          </Link>
        </li>
        <li>
          <Link to="/signin" className={styles.tab} aria-current={current === 'signin' ? 'page' : undefined}>
            Sign in
          </Link>
        </li>
      </ul>
    </nav>
  );
}
