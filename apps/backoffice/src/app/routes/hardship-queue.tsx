import { RequireRole } from '../../components/require-role';
import styles from '@payrail/ui/styles/staff-page.module.css';
import { HardshipQueue } from '../../features/hardship/components/hardship-queue';
import { usePageTitle } from '../title';

/** /hardship: the borrowers' hardship requests (docs/hardship.md). */
export function Component() {
  usePageTitle('Hardship requests');
  return (
    <RequireRole capability="read">
      <div className={styles.header}>
        <h1>Hardship requests</h1>
      </div>
      <HardshipQueue />
    </RequireRole>
  );
}
