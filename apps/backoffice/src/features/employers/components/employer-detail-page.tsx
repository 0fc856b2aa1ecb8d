import { useParams } from 'react-router';
import { RequireRole } from '../../../components/require-role';
import { EmployerPage } from './employer-page';
import { usePageTitle } from '../../../app/title';

/** /employers/:employerId: one employer, its portal users, invitations, remittances and verifications. */
export function EmployerDetailPage() {
  const { employerId } = useParams();
  usePageTitle('Employer');
  return (
    <RequireRole capability="manageEmployerUsers">
      <EmployerPage employerId={Number(employerId)} />
    </RequireRole>
  );
}
