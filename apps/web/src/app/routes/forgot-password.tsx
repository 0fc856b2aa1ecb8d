import { useParams } from 'react-router';
import { ForgotPassword } from '../../features/auth/components/forgot-password';

/** /forgot_password/{reset_password_token?} */
export function Component() {
  const { reset_password_token: token } = useParams();
  return <ForgotPassword key={token ?? 'ask'} resetToken={token} />;
}
