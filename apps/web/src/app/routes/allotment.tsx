import { useQueryClient } from '@tanstack/react-query';
import { AllotmentStep } from '../../features/allotment/components/allotment-step';
import { sessionQueryOptions } from '../../features/session/api/get-session';
import { refusedCurrentStatus } from '../../features/workflow/api/change-status';
import { navigate } from '@payrail/client/navigation';
import { sessionStore, useSession } from '../../lib/session-store';
import { ROOT_STATUSES, routeForStatus } from '../status-routes';

/** /allotment (statuses allotment_needed, review_allotment). */
export function Component() {
  const queryClient = useQueryClient();
  // The cached session check would otherwise put the old status back when the home page mounts.
  const adopt = async (next: string) => {
    const { queryKey } = sessionQueryOptions();
    // A session check still in flight would answer the old status: stop it first.
    await queryClient.cancelQueries({ queryKey });
    queryClient.setQueryData(queryKey, (old) => (old ? { ...old, workflow_status: next } : old));
    sessionStore.updateUser({ workflow_status: next });
  };
  const status = useSession((state) => state.user?.workflow_status) ?? 'allotment_needed';
  const refinancing = useSession((state) => state.user?.loan_type === 'refinancing');
  return (
    <AllotmentStep
      status={status}
      refinancing={refinancing}
      onContinued={({ new_status }) => {
        void adopt(new_status).then(() => navigate('/'));
      }}
      onRefused={(error) => {
        const current = refusedCurrentStatus(error);
        if (!current) return false;
        void adopt(current).then(() => navigate(ROOT_STATUSES.has(current) ? '/' : routeForStatus(current, sessionStore.getState().user?.loan_type), { replace: true }));
        return true;
      }}
      onHome={() => navigate('/')}
    />
  );
}
