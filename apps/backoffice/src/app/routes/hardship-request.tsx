import { useParams } from 'react-router';
import { RequireRole } from '../../components/require-role';
import { HardshipDetail } from '../../features/hardship/components/hardship-detail';
import { usePageTitle } from '../title';

/** /hardship/:id: one hardship request and its decision. */
export function Component() {
  const { id } = useParams();
  usePageTitle('Hardship request');
  return (
    <RequireRole capability="read">
      <HardshipDetail id={Number(id)} />
    </RequireRole>
  );
}
