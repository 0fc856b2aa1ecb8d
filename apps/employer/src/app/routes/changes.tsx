import { QueryFallback } from '@payrail/ui/query-fallback';
import { PageHeader } from '@payrail/ui/page-header';
import { ChangeHistory, ReportChange } from '../../features/changes/components/changes';
import { useDeductions } from '../../features/deductions/api/deductions';
import { usePageTitle } from '../title';

export function Component() {
  usePageTitle('Changes');
  // Only an employee with a payroll deduction can be reported: the active deductions are the choices.
  const deductions = useDeductions();
  return (
    <>
      <PageHeader title="Changes" lead="Tell us when an employee with a payroll deduction leaves, goes on leave or changes pay frequency." />
      {deductions.data ? (
        <ReportChange employees={deductions.data.employees.map((e) => ({ employeeId: e.employee_id, employeeName: e.employee_name }))} />
      ) : (
        <QueryFallback query={deductions} loadingLabel="Loading your employees…" failure="We could not load your employees with a deduction." />
      )}
      <ChangeHistory />
    </>
  );
}
