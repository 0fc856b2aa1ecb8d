import { useEffect } from 'react';
import { EmailValidation } from '../../features/auth/components/email-validation';
import { finishSignInWithToken, preloadSignInMoves } from '../workflow';

export function Component() {
  useEffect(preloadSignInMoves, []);
  return <EmailValidation onConfirmed={finishSignInWithToken} />;
}
