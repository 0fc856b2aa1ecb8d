import { RequireRole } from '../../components/require-role';
import styles from '@payrail/ui/styles/staff-page.module.css';
import { EmployersList } from '../../features/employers/components/employers-list';
import { usePageTitle } from '../title';

/** /employers: the employers and their employer portal accounts (issue #31). */
export function Component() {
  usePageTitle('Employers');
  return (
    <RequireRole capability="manageEmployerUsers">
      <div className={styles.header}>
        <div>
          <h1>Employers</h1>
          <p className={styles.lead}>
            Employers whose staff repay by payroll, b2b partners first. Open one to invite its HR or payroll administrators to the employer portal, and to see
            its users and invitations.
          </p>
        </div>
      </div>
      <EmployersList />
    </RequireRole>
  );
}
