import { EsignaturePage } from '../../../features/esignature/components/esignature-page';
import { navigate } from '@payrail/client/navigation';
import { sessionStore } from '../../../lib/session-store';
import { NEWFLOW_BASE } from '../../status-routes';
import { goToNewflowStatus } from '../../workflow';

/** esignature (esignature_needed): the e-signature module's page; the sign button goes to money_on_way (newflow §4). */
export function Component() {
  return (
    <EsignaturePage
      onSigned={(answer) => {
        sessionStore.updateUser({ workflow_status: answer.new_status });
        navigate(`${NEWFLOW_BASE}/money_on_way`, { replace: true });
      }}
      onRefused={goToNewflowStatus}
    />
  );
}
