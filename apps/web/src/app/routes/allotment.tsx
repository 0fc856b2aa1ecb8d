import { AllotmentStep } from '../../features/allotment/components/allotment-step';
import { refusedCurrentStatus } from '../../features/workflow/api/change-status';
import { navigate } from '@payrail/client/navigation';
import { useSession } from '../../lib/session-store';
import { followStatus } from '../workflow';

/** /allotment (statuses allotment_needed, review_allotment): the allotment sent for review, then home. */
export function Component() {
  const status = useSession((state) => state.user?.workflow_status) ?? 'allotment_needed';
  const refinancing = useSession((state) => state.user?.loan_type === 'refinancing');
  return (
    <AllotmentStep
      status={status}
      refinancing={refinancing}
      onContinued={({ new_status }) => followStatus(new_status, { home: true })}
      onRefused={(error) => {
        const current = refusedCurrentStatus(error);
        if (current) followStatus(current, { refused: true });
        return current !== null;
      }}
      onHome={() => navigate('/')}
    />
  );
}
