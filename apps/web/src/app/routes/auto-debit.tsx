import { AutoDebit } from '../../features/repayment/components/auto-debit';
import { agreementLink } from '../agreement-links';
import { useWorkflow } from '../workflow';
import { refusedCurrentStatus } from '../../features/workflow/api/change-status';
import { navigate } from '../../lib/navigation';
import { sessionStore } from '../../lib/session-store';
import { routeForStatus } from '../status-routes';

/** The server moved the borrower: adopt the status, push it on the stack and open its page. */
function moveToStatus(status: string): void {
  sessionStore.updateUser({ workflow_status: status });
  const stack = sessionStore.getState().navigationStack;
  if (stack.at(-1) !== status) sessionStore.setNavigationStack([...stack, status]);
  navigate(routeForStatus(status, sessionStore.getState().user?.loan_type ?? null));
}

/** A step call refused with 422 `{ error, current_status }`: adopt the server's status. */
function adoptRefusal(error: unknown): boolean {
  const current = refusedCurrentStatus(error);
  if (!current) return false;
  sessionStore.updateUser({ workflow_status: current });
  navigate(routeForStatus(current, sessionStore.getState().user?.loan_type ?? null), { replace: true });
  return true;
}

/** /auto_debit (status auto_debit_needed): Continue → esignature_needed → /esignature. */
export function Component() {
  const workflow = useWorkflow();
  return (
    <AutoDebit
      disclosureLink={(label) => agreementLink('auto_debit_disclosure', label)}
      onDone={moveToStatus}
      onRefused={adoptRefusal}
      onBack={() => void workflow.back()}
      backPending={workflow.pending === 'back'}
    />
  );
}
