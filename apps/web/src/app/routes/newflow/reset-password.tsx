import { useSearchParams } from 'react-router';
import { ForgotPassword } from '../../../features/auth/components/forgot-password';

/**
 * /application/newflow/reset_password (ask for the e-mail) and /reset_password/auth (choose the new
 * password; the token comes as `reset_password_token` in the query).
 */
export function Component() {
  const [params] = useSearchParams();
  const token = params.get('reset_password_token') ?? undefined;
  return <ForgotPassword key={token ?? 'ask'} resetToken={token} />;
}
