import type { ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { LoadingBlock } from '@payrail/ui/spinner';
import { useSessionQuery } from '../features/session/api/get-session';
import { useSession } from '../lib/session-store';
import { useSessionCheck } from './session-check';
import { dashboardRedirect, routeForStatus } from './status-routes';

/**
 * Protected routes: without a session the visitor goes to sign-in. With one, the session is checked on
 * the way in (GET /token_is_valid) and the page renders as soon as the account is known.
 */
export function RequireSession({ children, signInPath = '/signin' }: { children?: ReactNode; signInPath?: string }) {
  const signedIn = useSession((state) => state.token !== null);
  const hasUser = useSession((state) => state.user !== null);
  const exitTo = useSession((state) => state.exitTo);
  const location = useLocation();
  useSessionCheck({ enabled: signedIn });
  // A session that just ended says where it goes (/signup after a failed check); otherwise sign in.
  if (!signedIn) return <Navigate to={exitTo ?? signInPath} replace state={{ from: location.pathname }} />;
  if (!hasUser) return <LoadingBlock label="Checking your session…" />;
  return children ?? <Outlet />;
}

/**
 * A status page is valid only for its own statuses; otherwise the borrower is sent to the page of
 * their current status (spec §6, "Page access is gated by workflow status"). Status screens poll the
 * session every 5000 ms, so a status changed elsewhere moves the borrower on.
 */
export function RequireStatus({ allowed, children }: { allowed: readonly string[]; children?: ReactNode }) {
  const status = useSession((state) => state.user?.workflow_status ?? null);
  const loanType = useSession((state) => state.user?.loan_type ?? null);
  const newFlow = useSession((state) => state.user?.new_flow ?? null);
  const signedIn = useSession((state) => state.token !== null);
  const location = useLocation();
  // Another observer of the session check RequireSession runs: it adds the 5000 ms polling.
  useSessionQuery({ enabled: signedIn, poll: true });
  if (!status || !allowed.includes(status)) {
    const target = routeForStatus(status, loanType, newFlow);
    // Never redirect to the page we are on: that would loop.
    if (target !== location.pathname) return <Navigate to={target} replace />;
  }
  return children ?? <Outlet />;
}

/**
 * The dashboard pages (newflow-and-dashboard.md §6): open for the review-stage statuses, a refinancing
 * loan type or a borrower with a loan; anyone else goes to the route of their status (the "blank route").
 */
export function RequireDashboard({ children }: { children?: ReactNode }) {
  const target = useSession((state) => dashboardRedirect(state.user));
  if (target !== null) return <Navigate to={target} replace />;
  return children ?? <Outlet />;
}
