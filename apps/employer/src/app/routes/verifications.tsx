import styles from '@payrail/ui/styles/staff-page.module.css';
import { Verifications } from '../../features/verifications/components/verifications';
import { usePageTitle } from '../title';

export function Component() {
  usePageTitle('Verifications');
  return (
    <>
      <div className={styles.header}>
        <div>
          <h1>Verifications</h1>
          <p className={styles.lead}>Employment verification requests from Payrail underwriting, answered here instead of by phone.</p>
        </div>
      </div>
      <Verifications />
    </>
  );
}
