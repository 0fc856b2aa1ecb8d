import { useEffect, useRef, useState } from 'react';
import { MSG, SERVER_MSG } from '@payrail/contract/messages';
import { StatusPage } from '@payrail/ui/container';
import { Spinner } from '@payrail/ui/spinner';
import { notify } from '@payrail/ui/toast/notify';
import { isApiError } from '@payrail/client/http-client';
import { navigate } from '@payrail/client/navigation';
import { sessionStore } from '../../../lib/session-store';
import { usePresignedLink } from '../api/open-presigned-link';
import type { TPresignedLink } from '../api/open-presigned-link';
import { serverMessageOr } from '../../../lib/server-message';

export interface PresignedLinkProps {
  code: string;
  /** The token is stored; finish the sign-in (new_flow says which application flow the link is for). */
  onSignedIn: (link: TPresignedLink) => Promise<void>;
}

/**
 * /c/{code}: a single-use sign-in link e-mailed by staff. Shows 'Signing in ...' while the link is
 * checked. A link that works replaces whoever was signed in on this browser (it is for someone else,
 * perhaps); a link that does not work (used, expired, unknown) says why and goes to /signin (access §2)
 * without signing anybody out: /signin itself sends a borrower who is still signed in to their page.
 */
export function PresignedLink({ code, onSignedIn }: PresignedLinkProps) {
  const finished = useRef(false);
  // Once answered, the link is never asked again (clearing the old session also clears cached queries).
  const [answered, setAnswered] = useState(false);
  const link = usePresignedLink(code, !answered);

  useEffect(() => {
    if (finished.current) return;
    if (link.isSuccess) {
      finished.current = true;
      setAnswered(true);
      // The answer's token is already stored; the previous borrower's other session data goes.
      const token = sessionStore.getToken();
      sessionStore.clearAll();
      sessionStore.setToken(token);
      void onSignedIn(link.data).catch(() => undefined);
    } else if (link.isError) {
      finished.current = true;
      const error = link.error;
      if (isApiError(error) && error.status === 503) {
        navigate('/unavailable', { replace: true });
        return;
      }
      notify.error(serverMessageOr(error, SERVER_MSG.invalidLink));
      navigate('/signin', { replace: true });
    }
  }, [link.isSuccess, link.isError, link.data, link.error, onSignedIn]);

  return (
    <StatusPage title={MSG.signingIn}>
      <Spinner size="lg" label="Checking your sign-in link" />
    </StatusPage>
  );
}
