import { CreditFiles } from './credit-files';
import { StaffPage } from '../../../components/staff-page';

export function CreditReportingPage() {
  return (
    <StaffPage
      title="Credit reporting"
      capability="creditReporting"
      lead="The monthly Metro 2 files furnished to the credit bureaus: every funded loan with its status, balance and 24-month payment history. Files are sealed at rest; each download is logged."
    >
      <CreditFiles />
    </StaffPage>
  );
}
