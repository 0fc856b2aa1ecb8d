import { StaffPage } from '../../../components/staff-page';
import { AchReturnsUpload } from './ach-returns';
import { BusinessDateControl } from './business-date';
import { RemittanceImport, SuspenseList } from './remittances';
import { ReferralPayouts } from './referral-payouts';

/** Servicing desk: the business date (and daily run), payroll remittance import, the suspense list, the bank's ACH return files and referral payouts. */
export function ServicingPage() {
  return (
    <StaffPage title="Servicing" capability="fund">
      <BusinessDateControl />
      <RemittanceImport />
      <SuspenseList />
      <AchReturnsUpload />
      <ReferralPayouts />
    </StaffPage>
  );
}
