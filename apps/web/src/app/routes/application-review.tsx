import { useQueryClient } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import { notify } from '@payrail/ui/toast/notify';
import { ApplicationReview } from '../../features/application-review/components/application-review';
import { sessionQueryOptions } from '../../features/session/api/get-session';
import { refusedCurrentStatus } from '../../features/workflow/api/change-status';
import { navigate } from '@payrail/client/navigation';
import { sessionStore, useSession } from '../../lib/session-store';
import { agreementLink } from '../agreement-links';
import { ROOT_STATUSES, routeForStatus } from '../status-routes';
import { useWorkflow } from '../workflow';

export const APPLICATION_CONFIRMED = 'Your application was sent for review.';
/** The automated review pre-approved the application (ready_for_review → select_repay_method). */
export const APPLICATION_PRE_APPROVED = 'Good news: you are pre-approved! Next, choose how you will repay your loan, then sign your loan agreement.';

/** What the borrower is told after confirming: pre-approved when the review moved them on to repayment. */
export function confirmationMessage(newStatus: string): string {
  return newStatus === 'select_repay_method' ? APPLICATION_PRE_APPROVED : APPLICATION_CONFIRMED;
}

/** Adopts the status in the store and in the cached session check (which a newly mounted page would otherwise put back). */
async function goTo(queryClient: QueryClient, status: string, replace = false) {
  const { queryKey } = sessionQueryOptions();
  // A session check still in flight would answer the old status: stop it first.
  await queryClient.cancelQueries({ queryKey });
  queryClient.setQueryData(queryKey, (old) => (old ? { ...old, workflow_status: status } : old));
  sessionStore.updateUser({ workflow_status: status });
  if (!ROOT_STATUSES.has(status) && !replace) {
    const stack = sessionStore.getState().navigationStack;
    if (stack.at(-1) !== status) sessionStore.setNavigationStack([...stack, status]);
  }
  navigate(ROOT_STATUSES.has(status) ? '/' : routeForStatus(status, sessionStore.getState().user?.loan_type), { replace });
}

/** /application/application_review (status application_review). */
export function Component() {
  const queryClient = useQueryClient();
  const status = useSession((state) => state.user?.workflow_status);
  const workflow = useWorkflow();
  return (
    <ApplicationReview
      readOnly={status === 'refinancing_review'}
      onBack={() => void workflow.back()}
      backPending={workflow.pending === 'back'}
      onConfirmed={({ new_status }) => {
        notify.success(confirmationMessage(new_status));
        void goTo(queryClient, new_status);
      }}
      creditPullLink={agreementLink('credit_pull_authorization', 'Credit Pull Authorization')}
      onRefused={(error) => {
        const current = refusedCurrentStatus(error);
        if (current) void goTo(queryClient, current, true);
        return current !== null;
      }}
    />
  );
}
