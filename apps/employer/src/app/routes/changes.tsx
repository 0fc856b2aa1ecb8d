import { Alert } from '@payrail/ui/alert';
import { Spinner } from '@payrail/ui/spinner';
import styles from '@payrail/ui/styles/staff-page.module.css';
import { ChangeHistory, ReportChange } from '../../features/changes/components/changes';
import { useDeductions } from '../../features/deductions/api/deductions';
import { errorMessage } from '../../lib/errors';
import { usePageTitle } from '../title';

export function Component() {
  usePageTitle('Changes');
  // Only an employee with a payroll deduction can be reported: the active deductions are the choices.
  const deductions = useDeductions();
  return (
    <>
      <div className={styles.header}>
        <div>
          <h1>Changes</h1>
          <p className={styles.lead}>Tell us when an employee with a payroll deduction leaves, goes on leave or changes pay frequency.</p>
        </div>
      </div>
      {deductions.isPending ? (
        <Spinner label="Loading your employees…" />
      ) : deductions.isError ? (
        <Alert kind="error">{errorMessage(deductions.error, 'We could not load your employees with a deduction.')}</Alert>
      ) : (
        <ReportChange employees={deductions.data.employees.map((e) => ({ employeeId: e.employee_id, employeeName: e.employee_name }))} />
      )}
      <ChangeHistory />
    </>
  );
}
