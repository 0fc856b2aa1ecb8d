import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { getFingerprint } from '../../../lib/fingerprint';
import { recordVisit } from '../api/record-visit';

/** A page counts as visited after this long on it… */
export const VISIT_DWELL_MS = 5000;
/** …or when the visitor moves on in the app, unless it was only a redirect (shorter than this). */
export const REDIRECT_MS = 300;

/** During a system event the server refuses the log (503) along with everything else: do not ask. */
const UNLOGGED_PAGES: ReadonlySet<string> = new Set(['/unavailable']);

/**
 * The visitor log (spec §7 "POST /visitor {fingerprint, page, queryString}"), one call per page the
 * visitor actually looked at: after 5 s on it, or when they go on to another page. Redirects (the home
 * page forwarding a borrower to their step) and pages closed within 5 s are not logged, so the log
 * counts engaged visits and the API is not called for every hop. Tokens in paths are never logged.
 */
export function useVisitorLog(): void {
  const { pathname, search } = useLocation();
  useEffect(() => {
    if (UNLOGGED_PAGES.has(pathname)) return undefined;
    const visit = { fingerprint: getFingerprint(), page: redactPath(pathname), queryString: search.replace(/^\?/, '') };
    const openedAt = Date.now();
    let sent = false;
    const send = () => {
      if (sent) return;
      sent = true;
      void recordVisit(visit);
    };
    const timer = setTimeout(send, VISIT_DWELL_MS);
    return () => {
      clearTimeout(timer);
      if (Date.now() - openedAt >= REDIRECT_MS) send();
    };
  }, [pathname, search]);
}

/** /forgot_password/{token} and /c/{code} carry secrets: keep the route, drop the secret. */
export function redactPath(pathname: string): string {
  return pathname.replace(/^\/forgot_password\/[^/]+/, '/forgot_password/:token').replace(/^\/c\/[^/]+/, '/c/:code');
}
