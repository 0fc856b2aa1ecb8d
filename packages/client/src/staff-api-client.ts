import { createHttpClient } from './http-client';
import type { ApiError, HttpClient } from './http-client';
import { navigate } from './navigation';
import { pendingRequests } from './pending-requests';

/** What the staff-style SPAs (back office, employer portal) say when a call fails for a reason no screen handles. */
export const STAFF_API_MESSAGES = {
  sessionEnded: 'Your session has ended. Please sign in again.',
  forbidden: "Sorry, you don't have permission to do this.",
  unavailable: 'The system is unavailable right now. Please try again in a few minutes.',
} as const;

/** The app's session store: where the token is read and renewed, and what ends the session. */
export interface StaffApiSession {
  getToken(): string | null;
  setToken(token: string): void;
  clear(): void;
}

/** The toasts (`notify` of @payrail/ui, which this layer may not import). */
export interface StaffApiNotices {
  warning(message: string): unknown;
  error(message: string): unknown;
}

export interface StaffApiClientConfig<B extends string> {
  bases: Record<B, string>;
  defaultBase: B;
  session: StaffApiSession;
  notify: StaffApiNotices;
}

/**
 * An API client of a staff-style SPA: the shared HTTP layer with the app's own session, the global loader's
 * count, and the same global rules — a 401 ends the session and goes to sign-in, a 403 and a 503 say so
 * (each call still rejects, so screens stop their own spinners).
 */
export function createStaffApiClient<B extends string>({ bases, defaultBase, session, notify }: StaffApiClientConfig<B>): HttpClient<B> {
  function onError(error: ApiError): void {
    switch (error.status) {
      case 401:
        notify.warning(STAFF_API_MESSAGES.sessionEnded);
        session.clear();
        navigate('/signin', { replace: true });
        break;
      case 403:
        notify.error(STAFF_API_MESSAGES.forbidden);
        break;
      case 503:
        notify.error(STAFF_API_MESSAGES.unavailable);
        break;
      default:
        break;
    }
  }
  return createHttpClient<B>({
    bases,
    defaultBase,
    getToken: () => session.getToken(),
    setToken: (token) => session.setToken(token),
    pending: pendingRequests,
    onError,
  });
}
