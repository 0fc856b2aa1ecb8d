import { useLocation } from 'react-router';
import { AlreadyStarted } from '../../../features/auth/components/already-started';
import { RedirectSignedIn } from '../signed-in-redirect';

type StartedState = { email?: unknown; continueLink?: unknown; linkValidHours?: unknown };

export function Component() {
  const { state } = useLocation();
  const s: StartedState = typeof state === 'object' && state !== null ? (state as StartedState) : {};
  const email = typeof s.email === 'string' ? s.email : null;
  const continueLink = s.continueLink === 'sent' || s.continueLink === 'limit_reached' ? s.continueLink : null;
  const linkValidHours = typeof s.linkValidHours === 'number' ? s.linkValidHours : null;
  return (
    <RedirectSignedIn>
      <AlreadyStarted email={email} continueLink={continueLink} linkValidHours={linkValidHours} />
    </RedirectSignedIn>
  );
}
