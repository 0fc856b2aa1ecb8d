import { useParams } from 'react-router';
import { PresignedLink } from '../../features/auth/components/presigned-link';
import type { TPresignedLink } from '../../features/auth/api/open-presigned-link';
import { getSession, sessionUserFrom } from '../../features/session/api/get-session';
import { sessionStore } from '../../lib/session-store';
import { navigate } from '@payrail/client/navigation';
import { NEWFLOW_BASE } from '../status-routes';
import { finishSignInWithToken } from '../workflow';

/**
 * /c/{code} (access §2): with the new_flow flag the link opens /application/newflow (which continues
 * where the navigation stack says); otherwise it finishes like a classic sign-in.
 */
async function finish(link: TPresignedLink): Promise<void> {
  if (!link.new_flow) {
    await finishSignInWithToken();
    return;
  }
  sessionStore.setUser({ ...sessionUserFrom(await getSession()), new_flow: true });
  navigate(NEWFLOW_BASE, { replace: true });
}

export function Component() {
  const { code = '' } = useParams();
  return <PresignedLink code={code} onSignedIn={finish} />;
}
