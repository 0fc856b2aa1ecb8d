import { useParams } from 'react-router';
import { ForgotPassword } from '../../features/auth/components/forgot-password';
import { RedirectSignedIn } from './signed-in-redirect';

/** /forgot_password/{reset_password_token?} */
export function Component() {
  const { reset_password_token: token } = useParams();
  // Asking for a reset link is for someone signed out; a reset link itself (the token) opens whatever the session.
  if (token) return <ForgotPassword key={token} resetToken={token} />;
  return (
    <RedirectSignedIn>
      <ForgotPassword key="ask" />
    </RedirectSignedIn>
  );
}
