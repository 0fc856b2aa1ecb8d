import { Navigate } from 'react-router';
import { LoadingBlock } from '../../../components/ui/spinner';
import { useEsignature } from '../../../features/esignature/api/esignature-api';
import { Approved } from '../../../features/newflow/components/status-pages';
import { NEWFLOW_BASE } from '../../status-routes';

/** approved: before signing it leads to the e-signature; once the note is signed the money is on its way. */
export function Component() {
  const esignature = useEsignature();
  if (esignature.isPending) return <LoadingBlock label="Loading your application…" />;
  if (esignature.data?.signed) return <Navigate to={`${NEWFLOW_BASE}/money_on_way`} replace />;
  return <Approved />;
}
