import { Navigate } from 'react-router';
import { ZApprovedData } from '@payrail/contract/newflow';
import { StepScreen } from '../../../features/newflow/components/step-states';
import { Approved } from '../../../features/newflow/components/status-pages';
import { NEWFLOW_BASE } from '../../status-routes';

/** approved: before signing it leads to the e-signature; once signed (`signed: true`) the money is on its way. */
export function Component() {
  return (
    <StepScreen step="approved" schema={ZApprovedData} title="You're approved!">
      {(data) => (data.signed ? <Navigate to={`${NEWFLOW_BASE}/money_on_way`} replace /> : <Approved />)}
    </StepScreen>
  );
}
