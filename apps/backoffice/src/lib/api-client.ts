import { notify } from '@payrail/ui/toast/notify';
import { createHttpClient } from '@payrail/client/http-client';
import type { ApiError } from '@payrail/client/http-client';
import { navigate } from '@payrail/client/navigation';
import { pendingRequests } from '@payrail/client/pending-requests';
import { staffSession } from './staff-session';

export const MESSAGES = {
  sessionEnded: 'Your session has ended. Please sign in again.',
  forbidden: "Sorry, you don't have permission to do this.",
  unavailable: 'The system is unavailable right now. Please try again in a few minutes.',
} as const;

function handleGlobalError(error: ApiError): void {
  switch (error.status) {
    case 401:
      notify.warning(MESSAGES.sessionEnded);
      staffSession.clear();
      navigate('/signin', { replace: true });
      break;
    case 403:
      notify.error(MESSAGES.forbidden);
      break;
    case 503:
      notify.error(MESSAGES.unavailable);
      break;
    default:
      break;
  }
}

/** The staff API client: same HTTP layer as the borrower app, with the staff session and rules. */
export const backofficeApi = createHttpClient<'api' | 'public'>({
  bases: { api: `${import.meta.env.VITE_API_BASE || '/api'}/backoffice`, public: import.meta.env.VITE_API_BASE || '/api' },
  defaultBase: 'api',
  getToken: staffSession.getToken,
  setToken: (token) => staffSession.setToken(token),
  pending: pendingRequests,
  onError: handleGlobalError,
});
