import { notify } from '@payrail/ui/toast/notify';
import { RefinanceReview } from '../../features/refinance/components/refinance-review';
import { postSetStatus } from '../../features/workflow/api/change-status';
import { navigate } from '@payrail/client/navigation';
import { sessionStore } from '../../lib/session-store';

export const REFINANCE_SENT = 'Your refinance application was sent for review.';

/**
 * /refinance_review (status refinancing_review, step 2). Confirm: references stored, ready_for_review by
 * POST /change_status (classic §7; the server checks the pay stub and allotment), a success notification,
 * then /dashboard (classic §4).
 */
export function Component() {
  return (
    <RefinanceReview
      onConfirm={async () => {
        const reached = await postSetStatus('ready_for_review');
        sessionStore.updateUser({ workflow_status: reached });
        notify.success(REFINANCE_SENT);
        navigate('/dashboard');
      }}
    />
  );
}
