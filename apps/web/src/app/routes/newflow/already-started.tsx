import { useLocation } from 'react-router';
import { AlreadyStarted } from '../../../features/auth/components/already-started';

export function Component() {
  const { state } = useLocation();
  const email = typeof state === 'object' && state !== null && typeof (state as { email?: unknown }).email === 'string' ? (state as { email: string }).email : null;
  return <AlreadyStarted email={email} />;
}
