import styles from '@payrail/ui/styles/staff-page.module.css';
import { ActiveDeductions } from '../../features/deductions/components/active-deductions';
import { DeductionFileSection } from '../../features/deductions/components/deduction-file';
import { usePageTitle } from '../title';

export function Component() {
  usePageTitle('Deductions');
  return (
    <>
      <div className={styles.header}>
        <div>
          <h1>Deductions</h1>
          <p className={styles.lead}>What your payroll deducts for Payrail loans, and the file to import for the next payroll.</p>
        </div>
      </div>
      <DeductionFileSection />
      <ActiveDeductions />
    </>
  );
}
