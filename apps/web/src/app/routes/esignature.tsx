import { useQueryClient } from '@tanstack/react-query';
import { EsignaturePage } from '../../features/esignature/components/esignature-page';
import { sessionQueryOptions } from '../../features/session/api/get-session';
import { navigate } from '@payrail/client/navigation';
import { sessionStore } from '../../lib/session-store';
import { routeForStatus } from '../status-routes';

/** /esignature (esignature_needed, refinancing_esignature; step 4): sign the promissory note, then home. */
export function Component() {
  const queryClient = useQueryClient();
  // The cached session check would otherwise put the old status back when the next page mounts.
  const adopt = async (status: string) => {
    const { queryKey } = sessionQueryOptions();
    await queryClient.cancelQueries({ queryKey });
    queryClient.setQueryData(queryKey, (old) => (old ? { ...old, workflow_status: status } : old));
    sessionStore.updateUser({ workflow_status: status });
    navigate(routeForStatus(status, sessionStore.getState().user?.loan_type), { replace: true });
  };
  return <EsignaturePage onSigned={(answer) => void adopt(answer.new_status)} onRefused={(status) => void adopt(status)} />;
}
