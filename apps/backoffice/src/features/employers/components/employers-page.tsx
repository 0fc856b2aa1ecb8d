import { EmployersList } from './employers-list';
import { StaffPage } from '../../../components/staff-page';

/** /employers: the employers and their employer portal accounts (issue #31). */
export function EmployersPage() {
  return (
    <StaffPage
      title="Employers"
      capability="manageEmployerUsers"
      lead="Employers whose staff repay by payroll, b2b partners first. Open one to invite its HR or payroll administrators to the employer portal, and to see its users and invitations."
    >
      <EmployersList />
    </StaffPage>
  );
}
