import { useLocation } from 'react-router';
import { Signup } from '../../features/auth/components/signup';
import { isSignupRouteState } from '../../features/auth/hooks/use-sign-in';
import { agreementLink } from '../agreement-links';
import { RedirectSignedIn } from './signed-in-redirect';

// The workflow moves load once the account exists, not with the page.
const finishSignInWithToken = () => import('../workflow').then((workflow) => workflow.finishSignInWithToken());

/** /signup (named route Signup); route state socialSignup/signupObject carries a social identity over. */
export function Component() {
  const { state } = useLocation();
  const carried = isSignupRouteState(state) ? state.signupObject : null;
  // A new identity starts a new form, so nothing typed for another identity is kept.
  return (
    <RedirectSignedIn>
      <Signup key={carried?.google_token ?? 'email'} socialIdentity={carried} agreementLink={agreementLink} onSignedIn={finishSignInWithToken} />
    </RedirectSignedIn>
  );
}
