import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { sessionUserFrom, useSessionQuery } from '../features/session/api/get-session';
import { isApiError } from '@payrail/client/http-client';
import { navigate } from '@payrail/client/navigation';
import { sessionStore } from '../lib/session-store';

/**
 * The session check of protected pages (spec §4): GET /token_is_valid on entering a protected page and on
 * every navigation inside one, every 5000 ms on status screens. The answer refreshes the stored account,
 * so a status changed elsewhere (a reviewer, another tab) moves the borrower to the right page.
 *
 * Failures: a 401 is the global "sign in again" (warning, /signin); a 503 goes to /unavailable; a
 * dropped connection changes nothing; any other failure clears the session and goes to /signup.
 */
export function useSessionCheck({ enabled, poll = false }: { enabled: boolean; poll?: boolean }) {
  const query = useSessionQuery({ enabled, poll });
  const { refetch, data, error } = query;
  const { pathname } = useLocation();
  const firstPath = useRef(true);

  useEffect(() => {
    if (firstPath.current) {
      firstPath.current = false;
      return;
    }
    if (enabled) void refetch();
  }, [pathname, enabled, refetch]);

  useEffect(() => {
    if (data && sessionStore.getToken()) sessionStore.setUser(sessionUserFrom(data));
  }, [data]);

  useEffect(() => {
    if (!error || !isApiError(error)) return;
    if (error.status === 401 || error.status === 503 || error.status === 0) return;
    sessionStore.clearAll({ exitTo: '/signup' });
    navigate('/signup', { replace: true });
  }, [error]);

  return query;
}
