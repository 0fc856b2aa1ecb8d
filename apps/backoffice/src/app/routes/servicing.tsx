import { RequireRole } from '../../components/require-role';
import styles from '@payrail/ui/styles/staff-page.module.css';
import { AchReturnsUpload } from '../../features/servicing/components/ach-returns';
import { BusinessDateControl } from '../../features/servicing/components/business-date';
import { RemittanceImport, SuspenseList } from '../../features/servicing/components/remittances';
import { ReferralPayouts } from '../../features/servicing/components/referral-payouts';
import { usePageTitle } from '../title';

/** Servicing desk: the business date (and daily run), payroll remittance import, the suspense list, the bank's ACH return files and referral payouts. */
export function Component() {
  usePageTitle('Servicing');
  return (
    <RequireRole capability="fund">
      <div className={styles.header}>
        <h1>Servicing</h1>
      </div>
      <BusinessDateControl />
      <RemittanceImport />
      <SuspenseList />
      <AchReturnsUpload />
      <ReferralPayouts />
    </RequireRole>
  );
}
