import { useEffect } from 'react';
import { Navigate } from 'react-router';
import { LoadingBlock } from '@payrail/ui/spinner';
import { useSession } from '../../../lib/session-store';
import { continueNewflow, NEWFLOW_SIGNUP } from '../../workflow';

/**
 * /application/newflow: a visitor starts at Check Your Rate; a signed-in applicant continues where the
 * navigation stack says (newflow §4), e.g. after a pre-signed link with the new_flow flag.
 */
export function Component() {
  const signedIn = useSession((state) => state.token !== null);
  // A session that just ended says where it goes (the new-flow sign-in after a 401 on the stack).
  const exitTo = useSession((state) => state.exitTo);
  useEffect(() => {
    if (signedIn) void continueNewflow(null).catch(() => undefined);
  }, [signedIn]);
  if (!signedIn) return <Navigate to={exitTo ?? NEWFLOW_SIGNUP} replace />;
  return <LoadingBlock label="Opening your application…" />;
}
