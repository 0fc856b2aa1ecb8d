import { useQueryClient } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import { logout } from '../../features/auth/api/logout';
import { FeedbackPage } from '../../features/feedback/components/feedback-page';
import { sessionQueryOptions } from '../../features/session/api/get-session';
import { navigate } from '@payrail/client/navigation';
import { sessionStore, useSession } from '../../lib/session-store';
import { routeForStatus } from '../status-routes';

/** Adopts a status; the cached session check would otherwise put the old status back when the next page mounts. */
async function adoptStatus(queryClient: QueryClient, status: string) {
  const { queryKey } = sessionQueryOptions();
  // A session check still in flight would answer the old status: stop it first.
  await queryClient.cancelQueries({ queryKey });
  queryClient.setQueryData(queryKey, (old) => (old ? { ...old, workflow_status: status } : old));
  sessionStore.updateUser({ workflow_status: status });
}

/** /feedback (feedback_sent): answer the reviewer, then home. */
export function Component() {
  const queryClient = useQueryClient();
  const email = useSession((state) => state.user?.email ?? '');
  const name = useSession((state) => [state.user?.first_name, state.user?.last_name].filter(Boolean).join(' '));
  return (
    <FeedbackPage
      // Spec §4 "Feedback confirm": the page shows "updated", then /; Home routes on from there.
      onAnswered={(status) => void adoptStatus(queryClient, status).then(() => navigate('/', { replace: true }))}
      onRefused={(status) => void adoptStatus(queryClient, status).then(() => navigate(routeForStatus(status, sessionStore.getState().user?.loan_type), { replace: true }))}
      leadName={name}
      leadEmail={email}
      onLeadSubscribed={() => void logout()}
    />
  );
}
