import { LoadingBlock } from '@payrail/ui/spinner';
import { sessionUserFrom, useSessionQuery } from '../../features/session/api/get-session';
import { PhoneVerification } from '../../features/phone/components/phone-verification';
import { navigate } from '@payrail/client/navigation';
import { sessionStore } from '../../lib/session-store';
import { agreementLink } from '../agreement-links';
import { routeForStatus } from '../status-routes';
import { goToNextStatus, useWorkflow } from '../workflow';

/** /application/phone_verification and /phone_verification (statuses phone_verification, phone_code_sent). */
export function Component() {
  // The phone on file comes with the session check; the sign-in answer does not carry it.
  const session = useSessionQuery();
  const workflow = useWorkflow();
  if (!session.data) return <LoadingBlock label="Loading your phone number…" />;
  const { workflow_status: status, phone, phone_confirmed: phoneConfirmed } = session.data;
  return (
    <PhoneVerification
      key={`${session.data.id}`}
      status={status}
      phone={phone}
      phoneConfirmed={phoneConfirmed}
      consentLink={(label) => agreementLink('consent_text_messaging', label)}
      onStatusChange={(next) => sessionStore.updateUser({ workflow_status: next, phone_confirmed: false })}
      onVerified={(next) => {
        sessionStore.setUser({ ...sessionUserFrom(session.data), workflow_status: next, phone_confirmed: true });
        navigate(routeForStatus(next, sessionStore.getState().user?.loan_type));
      }}
      onContinue={() => goToNextStatus('phone_verification').catch(() => undefined)}
      onBack={status === 'phone_verification' ? () => void workflow.back() : undefined}
      backPending={workflow.pending === 'back'}
    />
  );
}
