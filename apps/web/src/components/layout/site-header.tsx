import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { BRAND } from '../../lib/brand';
import { Logo } from '@payrail/ui/logo';
import styles from './layout.module.css';

export interface SiteHeaderProps {
  /** Old flow: only borrowers whose loan type is refinancing get a Dashboard link (spec §2). */
  showDashboardLink?: boolean;
  /** Right-hand actions, e.g. "Sign in" for visitors or "Log out" for borrowers. */
  actions?: ReactNode;
}

/** The old-flow header: logo, customer-service phone and account actions. */
export function SiteHeader({ showDashboardLink = false, actions }: SiteHeaderProps) {
  return (
    <header className={styles.header}>
      <div className={styles.headerInner}>
        <Link to="/" className={styles.logoLink} aria-label="Payrail home">
          <Logo />
        </Link>
        <nav aria-label="Main" className={styles.headerNav}>
          <ul className={styles.headerLinks}>
            {showDashboardLink ? (
              <li>
                <Link to="/dashboard" className={styles.headerLink}>
                  Dashboard
                </Link>
              </li>
            ) : null}
            <li className={styles.headerPhoneItem}>
              <a href={BRAND.supportPhoneHref} className={styles.headerLink}>
                <svg viewBox="0 0 20 20" className={styles.phoneIcon} aria-hidden="true" focusable="false">
                  <path
                    d="M6.6 2.5l2 3.6-1.4 1.6a10 10 0 005.1 5.1l1.6-1.4 3.6 2-.8 3a1.6 1.6 0 01-1.7 1.1A15 15 0 012.5 5a1.6 1.6 0 011.1-1.7z"
                    fill="currentColor"
                  />
                </svg>
                <span className="visually-hidden">Call customer service at </span>
                {BRAND.supportPhone}
              </a>
            </li>
          </ul>
        </nav>
        {actions ? <div className={styles.headerActions}>{actions}</div> : null}
      </div>
    </header>
  );
}
