import { Spinner } from '@payrail/ui/spinner';
import { PageHeader } from '@payrail/ui/page-header';
import { useDeductionFile } from '../../features/deductions/api/deductions';
import { RemittanceHistory } from '../../features/remittances/components/remittance-history';
import { RemittanceSubmit } from '../../features/remittances/components/remittance-submit';
import type { ExpectedDeductions } from '../../features/remittances/components/remittance-submit';
import { usePageTitle } from '../title';

export function Component() {
  usePageTitle('Remittances');
  // The deductions due on the next payroll prefill the on-screen entry (the file is the expectation).
  const file = useDeductionFile();
  const expected: ExpectedDeductions | null =
    file.data?.pay_date != null
      ? {
          payDate: file.data.pay_date,
          lines: file.data.lines.map((l) => ({ employeeId: l.employee_id, employeeName: l.employee_name, deductionCents: l.deduction })),
        }
      : null;
  return (
    <>
      <PageHeader title="Remittances" lead="Tell us what payroll remitted for a pay date; we reconcile it with the deductions employee by employee." />
      {file.isPending ? <Spinner label="Loading the deductions due…" /> : <RemittanceSubmit expected={expected} />}
      <RemittanceHistory />
    </>
  );
}
