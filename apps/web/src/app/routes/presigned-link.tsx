import { useParams } from 'react-router';
import { PresignedLink } from '../../features/auth/components/presigned-link';
import { finishSignInWithToken } from '../workflow';

/**
 * /c/{code}. A new-flow link would open /application/newflow; that flow is not built yet, so both kinds
 * finish like a classic sign-in on the page of the current status.
 */
export function Component() {
  const { code = '' } = useParams();
  return <PresignedLink code={code} onSignedIn={finishSignInWithToken} />;
}
