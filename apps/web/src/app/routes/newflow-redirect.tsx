import { Navigate } from 'react-router';
import { useSession } from '../../lib/session-store';
import { routeForStatus } from '../status-routes';

/** /application/newflow: the new application flow is a later release; until then, the page of the status. */
export function Component() {
  const status = useSession((state) => state.user?.workflow_status ?? null);
  const loanType = useSession((state) => state.user?.loan_type ?? null);
  return <Navigate to={routeForStatus(status, loanType)} replace />;
}
