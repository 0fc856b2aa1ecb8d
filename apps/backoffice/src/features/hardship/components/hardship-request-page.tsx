import { useParams } from 'react-router';
import { RequireRole } from '../../../components/require-role';
import { HardshipDetail } from './hardship-detail';
import { usePageTitle } from '../../../app/title';

/** /hardship/:id: one hardship request and its decision. */
export function HardshipRequestPage() {
  const { id } = useParams();
  usePageTitle('Hardship request');
  return (
    <RequireRole capability="read">
      <HardshipDetail id={Number(id)} />
    </RequireRole>
  );
}
