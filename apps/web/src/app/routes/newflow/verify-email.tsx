import { EmailValidation } from '../../../features/auth/components/email-validation';
import { finishNewflowSignInWithToken } from '../../workflow';

/** /application/newflow/verify_email: the confirmed applicant continues to job_info (access §4). */
export function Component() {
  return <EmailValidation onConfirmed={finishNewflowSignInWithToken} />;
}
