import { useState } from 'react';
import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { sessionStore } from '../../lib/session-store';
import { routeForStatus } from '../status-routes';

/**
 * The public access pages (sign-up, Check Your Rate, partner sign-up, already_started, forgot password)
 * are for someone who is not signed in (access §2 "a signed-in user on sign-in is redirected"): a
 * signed-in borrower who reaches one — typically with the browser's Back button after signing up or in —
 * is sent to the page of their status instead, replacing the history entry. Decided once, when the page
 * opens, so a sign-up that signs the borrower in on this page finishes its own navigation.
 */
export function RedirectSignedIn({ children }: { children: ReactNode }) {
  const [redirect] = useState(() => {
    const { token, user } = sessionStore.getState();
    return token && user ? routeForStatus(user.workflow_status, user.loan_type, user.new_flow) : null;
  });
  if (redirect) return <Navigate to={redirect} replace />;
  return <>{children}</>;
}
