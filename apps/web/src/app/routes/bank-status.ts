import { navigate } from '../../lib/navigation';
import { sessionStore } from '../../lib/session-store';
import { ROOT_STATUSES, routeForStatus } from '../status-routes';

/** Shared by the bank pages (bank-link, bank-input, bank-information, bank-accounts). */

/** Adopts the status a bank call answered and opens its page (pushed on the back stack like a continue). */
export function moveToStatus(status: string): void {
  sessionStore.updateUser({ workflow_status: status });
  if (ROOT_STATUSES.has(status)) {
    navigate('/');
    return;
  }
  const stack = sessionStore.getState().navigationStack;
  if (stack.at(-1) !== status) sessionStore.setNavigationStack([...stack, status]);
  navigate(routeForStatus(status, sessionStore.getState().user?.loan_type));
}

/** A bank call refused in this status: adopt the server's status and open its page instead. */
export function adoptRefusedStatus(status: string): void {
  sessionStore.updateUser({ workflow_status: status });
  navigate(routeForStatus(status, sessionStore.getState().user?.loan_type), { replace: true });
}
