import { FeedbackPage } from '../../features/feedback/components/feedback-page';
import { navigate } from '../../lib/navigation';
import { sessionStore } from '../../lib/session-store';
import { routeForStatus } from '../status-routes';

function adopt(status: string) {
  sessionStore.updateUser({ workflow_status: status });
  navigate(routeForStatus(status, sessionStore.getState().user?.loan_type), { replace: true });
}

/** /feedback (feedback_sent): answer the reviewer, then the answered status's page (usually /). */
export function Component() {
  return <FeedbackPage onAnswered={adopt} onRefused={adopt} />;
}
