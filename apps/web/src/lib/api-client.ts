import { MSG } from '@payrail/contract/messages';
import { notify } from '@payrail/ui/toast/notify';
import { createHttpClient } from '@payrail/client/http-client';
import type { ApiError } from '@payrail/client/http-client';
import { navigate } from '@payrail/client/navigation';
import { isLoaderExcluded, pendingRequests } from '@payrail/client/pending-requests';
import { takeReadAhead } from './read-ahead';
import { sessionStore } from './session-store';
import { apiBases } from './api-bases';
import type { ApiBase } from './api-bases';

export { apiBases } from './api-bases';
export type { ApiBase } from './api-bases';

export const MESSAGES = {
  unauthorized: MSG.signInRequired,
  forbidden: MSG.forbidden,
} as const;

/** Spec §8 "Global HTTP". Each call still rejects afterwards so screens stop their own spinners. */
export function handleGlobalError(error: ApiError): void {
  switch (error.status) {
    case 401:
      notify.warning(MESSAGES.unauthorized);
      sessionStore.clearAll({ exitTo: '/signin' });
      navigate('/signin', { replace: true });
      break;
    case 403:
      notify.error(MESSAGES.forbidden);
      break;
    case 503:
      navigate('/unavailable', { replace: true });
      break;
    default:
      break;
  }
}

/** The one client every borrower feature calls. */
export const apiClient = createHttpClient<ApiBase>({
  bases: apiBases,
  defaultBase: 'api',
  getToken: sessionStore.getToken,
  setToken: (token) => sessionStore.setToken(token),
  showsLoader: (url) => !isLoaderExcluded(url),
  pending: pendingRequests,
  onError: handleGlobalError,
  readAhead: takeReadAhead,
});
