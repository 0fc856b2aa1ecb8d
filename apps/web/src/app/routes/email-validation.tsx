import { EmailValidation } from '../../features/auth/components/email-validation';
import { finishSignInWithToken } from '../workflow';

export function Component() {
  return <EmailValidation onConfirmed={finishSignInWithToken} />;
}
