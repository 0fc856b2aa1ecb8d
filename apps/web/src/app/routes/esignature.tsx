import { EsignaturePage } from '../../features/esignature/components/esignature-page';
import { navigate } from '../../lib/navigation';
import { sessionStore } from '../../lib/session-store';
import { routeForStatus } from '../status-routes';

function adopt(status: string) {
  sessionStore.updateUser({ workflow_status: status });
  navigate(routeForStatus(status, sessionStore.getState().user?.loan_type), { replace: true });
}

/** /esignature (esignature_needed, refinancing_esignature; step 4): sign the promissory note, then home. */
export function Component() {
  return <EsignaturePage onSigned={(answer) => adopt(answer.new_status)} onRefused={adopt} />;
}
