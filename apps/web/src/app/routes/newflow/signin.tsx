import { useEffect, useState } from 'react';
import { Navigate, useLocation } from 'react-router';
import { NewflowSignin } from '../../../features/auth/components/newflow-signin';
import { sessionStore } from '../../../lib/session-store';
import { NEWFLOW_BASE, routeForStatus } from '../../status-routes';
import { finishNewflowSignIn } from '../../workflow';

const emailFrom = (state: unknown): string | null =>
  typeof state === 'object' && state !== null && typeof (state as { email?: unknown }).email === 'string' ? (state as { email: string }).email : null;

/**
 * /application/newflow/signin. A signed-in applicant goes to the page of their status; anyone else
 * starts from nothing, like /signin (access §2).
 */
export function Component() {
  const { state } = useLocation();
  const [redirect] = useState(() => {
    const { token, user } = sessionStore.getState();
    return token && user ? routeForStatus(user.workflow_status, user.loan_type, user.new_flow) : null;
  });
  useEffect(() => {
    if (!redirect) sessionStore.clearAll();
  }, [redirect]);
  if (redirect) return <Navigate to={redirect} replace />;
  return <NewflowSignin onSignedIn={finishNewflowSignIn} initialEmail={emailFrom(state)} alreadyStartedPath={`${NEWFLOW_BASE}/already_started`} />;
}
