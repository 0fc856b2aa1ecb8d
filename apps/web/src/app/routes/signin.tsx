import { useLayoutEffect, useState } from 'react';
import { Navigate } from 'react-router';
import { Signin } from '../../features/auth/components/signin';
import { sessionStore } from '../../lib/session-store';
import { routeForStatus } from '../status-routes';
import type { SessionUser } from '../../lib/session-store';

// The workflow moves (session check, navigation stack) load once the borrower is signed in, not with the page.
const finishSignIn = (user: SessionUser) => import('../workflow').then((workflow) => workflow.finishSignIn(user));

/**
 * /signin. A signed-in borrower is sent to the page of their status; for anyone else, entering the
 * page clears all stored client state (spec §2).
 */
export function Component() {
  const [redirect] = useState(() => {
    const { token, user } = sessionStore.getState();
    return token && user ? routeForStatus(user.workflow_status, user.loan_type, user.new_flow) : null;
  });

  // On the way in, before the page is painted and before any child's effect reads the stored state.
  useLayoutEffect(() => {
    if (!redirect) sessionStore.clearAll();
  }, [redirect]);

  if (redirect) return <Navigate to={redirect} replace />;
  return <Signin onSignedIn={finishSignIn} />;
}
