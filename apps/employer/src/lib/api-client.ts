import { notify } from '@payrail/ui/toast/notify';
import { createHttpClient } from '@payrail/client/http-client';
import type { ApiError } from '@payrail/client/http-client';
import { navigate } from '@payrail/client/navigation';
import { pendingRequests } from '@payrail/client/pending-requests';
import { employerSession } from './employer-session';

export const MESSAGES = {
  sessionEnded: 'Your session has ended. Please sign in again.',
  forbidden: "Sorry, you don't have permission to do this.",
  unavailable: 'The system is unavailable right now. Please try again in a few minutes.',
} as const;

function handleGlobalError(error: ApiError): void {
  switch (error.status) {
    case 401:
      notify.warning(MESSAGES.sessionEnded);
      employerSession.clear();
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

/** The employer portal's API client: the shared HTTP layer with the employer session (token in `authorization`). */
export const portalApi = createHttpClient<'api'>({
  bases: { api: `${import.meta.env.VITE_API_BASE || '/api'}/employer_portal` },
  defaultBase: 'api',
  getToken: employerSession.getToken,
  setToken: (token) => employerSession.setToken(token),
  pending: pendingRequests,
  onError: handleGlobalError,
});

/** Saves a blob as a file (the CSV download): a temporary object URL clicked as a link. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
