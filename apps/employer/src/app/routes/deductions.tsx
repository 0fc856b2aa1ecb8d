import { PageHeader } from '@payrail/ui/page-header';
import { ActiveDeductions } from '../../features/deductions/components/active-deductions';
import { DeductionFileSection } from '../../features/deductions/components/deduction-file';
import { usePageTitle } from '../title';

export function Component() {
  usePageTitle('Deductions');
  return (
    <>
      <PageHeader title="Deductions" lead="What your payroll deducts for Payrail loans, and the file to import for the next payroll." />
      <DeductionFileSection />
      <ActiveDeductions />
    </>
  );
}
