import { EmployerStep } from '../../features/employer/components/employer-step';
import { refusedCurrentStatus } from '../../features/workflow/api/change-status';
import { navigate } from '@payrail/client/navigation';
import { sessionStore } from '../../lib/session-store';
import { ROOT_STATUSES, routeForStatus } from '../status-routes';
import { useWorkflow } from '../workflow';

/** Opens the page of `status` (spec §4 "the client navigates to it"); a forward move joins the stack. */
function moveTo(status: string, options: { replace?: boolean } = {}) {
  sessionStore.updateUser({ workflow_status: status });
  const state = sessionStore.getState();
  if (!options.replace && !ROOT_STATUSES.has(status) && state.navigationStack.at(-1) !== status) sessionStore.setNavigationStack([...state.navigationStack, status]);
  navigate(ROOT_STATUSES.has(status) ? '/' : routeForStatus(status, state.user?.loan_type ?? null), options);
}

/** /application/employer (status employer): employer and income, step 1. */
export function Component() {
  const workflow = useWorkflow();
  return (
    <EmployerStep
      onDone={(status) => {
        if (status !== 'employer') moveTo(status);
      }}
      onRefused={(error) => {
        const current = refusedCurrentStatus(error);
        if (!current) return false;
        moveTo(current, { replace: true });
        return true;
      }}
      onBack={() => void workflow.back()}
      backPending={workflow.pending === 'back'}
    />
  );
}
