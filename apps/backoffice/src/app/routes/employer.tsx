import { useParams } from 'react-router';
import { RequireRole } from '../../components/require-role';
import { EmployerPage } from '../../features/employers/components/employer-page';
import { usePageTitle } from '../title';

/** /employers/:employerId: one employer, its portal users, invitations, remittances and verifications. */
export function Component() {
  const { employerId } = useParams();
  usePageTitle('Employer');
  return (
    <RequireRole capability="manageEmployerUsers">
      <EmployerPage employerId={Number(employerId)} />
    </RequireRole>
  );
}
