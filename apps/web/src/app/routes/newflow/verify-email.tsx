import { useEffect } from 'react';
import { EmailValidation } from '../../../features/auth/components/email-validation';
import { finishNewflowSignInWithToken, preloadSignInMoves } from '../../workflow';

/** /application/newflow/verify_email: the confirmed applicant continues to job_info (access §4). */
export function Component() {
  useEffect(preloadSignInMoves, []);
  return <EmailValidation onConfirmed={finishNewflowSignInWithToken} />;
}
