import { RequireRole } from '../../components/require-role';
import styles from '@payrail/ui/styles/staff-page.module.css';
import { CreditFiles } from '../../features/credit-reporting/components/credit-files';
import { usePageTitle } from '../title';

export function Component() {
  usePageTitle('Credit reporting');
  return (
    <RequireRole capability="creditReporting">
      <div className={styles.header}>
        <div>
          <h1>Credit reporting</h1>
          <p className={styles.lead}>
            The monthly Metro 2 files furnished to the credit bureaus: every funded loan with its status, balance and 24-month payment history. Files are sealed
            at rest; each download is logged.
          </p>
        </div>
      </div>
      <CreditFiles />
    </RequireRole>
  );
}
