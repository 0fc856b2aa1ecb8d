import { Link } from 'react-router';
import { BRAND } from '../../lib/brand';
import { Logo } from '@payrail/ui/logo';
import styles from './layout.module.css';

/** The shell footer: legal links, customer service and the lender disclosure. */
export function SiteFooter() {
  const year = new Date().getFullYear();
  return (
    <footer className={styles.footer}>
      <div className={styles.footerInner}>
        <div className={styles.footerBrand}>
          <Logo inverse />
          <p className={styles.footerTagline}>Installment loans through your employer, repaid from your paycheck.</p>
        </div>
        <nav aria-label="Legal" className={styles.footerNav}>
          <ul className={styles.footerLinks}>
            <li>
              <Link to="/privacy_policy">Privacy policy</Link>
            </li>
            <li>
              <Link to="/service_terms">Terms of service</Link>
            </li>
          </ul>
        </nav>
        <div className={styles.footerContact}>
          <p className={styles.footerHeading}>Customer service</p>
          <p>
            <a href={BRAND.supportPhoneHref}>{BRAND.supportPhone}</a>
          </p>
        </div>
      </div>
      <div className={styles.footerLegal}>
        <p>Loans are made by {BRAND.lender} All loans are subject to approval.</p>
        <p>
          © {year} {BRAND.legalName} All rights reserved.
        </p>
      </div>
    </footer>
  );
}
