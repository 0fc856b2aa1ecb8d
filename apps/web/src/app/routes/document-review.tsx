import { useQueryClient } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import { notify } from '@payrail/ui/toast/notify';
import { DocumentReviewStep } from '../../features/documents/components/document-review-step';
import { sessionQueryOptions } from '../../features/session/api/get-session';
import { refusedCurrentStatus } from '../../features/workflow/api/change-status';
import { navigate } from '@payrail/client/navigation';
import { sessionStore } from '../../lib/session-store';
import { ROOT_STATUSES, routeForStatus } from '../status-routes';

export const DOCUMENT_REVIEW_SENT = 'Your document was sent for review.';

/** Adopts the status in the store and in the cached session check (which a newly mounted page would otherwise put back). */
async function goTo(queryClient: QueryClient, status: string, replace = false) {
  const { queryKey } = sessionQueryOptions();
  // A session check still in flight would answer the old status: stop it first.
  await queryClient.cancelQueries({ queryKey });
  queryClient.setQueryData(queryKey, (old) => (old ? { ...old, workflow_status: status } : old));
  sessionStore.updateUser({ workflow_status: status });
  navigate(ROOT_STATUSES.has(status) ? '/' : routeForStatus(status, sessionStore.getState().user?.loan_type), { replace });
}

/** /application/document_review (status document_review). */
export function Component() {
  const queryClient = useQueryClient();
  return (
    <DocumentReviewStep
      onReviewed={({ new_status }) => {
        notify.success(DOCUMENT_REVIEW_SENT);
        void goTo(queryClient, new_status);
      }}
      onRefused={(error) => {
        const current = refusedCurrentStatus(error);
        if (current) void goTo(queryClient, current, true);
        return current !== null;
      }}
    />
  );
}
