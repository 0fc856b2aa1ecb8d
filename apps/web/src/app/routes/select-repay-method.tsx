import { useEmployer } from '../../features/home/api/home';
import { SelectRepayMethod } from '../../features/repayment/components/select-repay-method';
import { useSessionQuery } from '../../features/session/api/get-session';
import { refusedCurrentStatus } from '../../features/workflow/api/change-status';
import { navigate } from '../../lib/navigation';
import { isNonFederal } from '../../lib/payroll-wording';
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

/** /select_repay_method (status select_repay_method). Non-federal employers (split_direct_deposit) read the split direct deposit wording, the others the allotment one (lib/payroll-wording). */
export function Component() {
  const session = useSessionQuery();
  const employer = useEmployer(session.data?.loan_borrower.employer_id);
  const federal = !isNonFederal(employer.data?.payment_type);
  return <SelectRepayMethod federal={federal} onChosen={moveToStatus} onRefused={adoptRefusal} />;
}
