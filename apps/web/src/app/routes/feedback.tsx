import { logout } from '../../features/auth/api/logout';
import { FeedbackPage } from '../../features/feedback/components/feedback-page';
import { useSession } from '../../lib/session-store';
import { followStatus } from '../workflow';

/** /feedback (feedback_sent): answer the reviewer, then home. */
export function Component() {
  const email = useSession((state) => state.user?.email ?? '');
  const name = useSession((state) => [state.user?.first_name, state.user?.last_name].filter(Boolean).join(' '));
  return (
    <FeedbackPage
      // Spec §4 "Feedback confirm": the page shows "updated", then /; Home routes on from there.
      onAnswered={(status) => followStatus(status, { home: true, replace: true })}
      onRefused={(status) => followStatus(status, { refused: true })}
      leadName={name}
      leadEmail={email}
      onLeadSubscribed={() => void logout()}
    />
  );
}
