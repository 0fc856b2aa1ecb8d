import { Signup } from '../../../features/auth/components/signup';
import { agreementLink } from '../../agreement-links';
import { finishNewflowSignInWithToken } from '../../workflow';

/** /application/newflow/signup: Check Your Rate (loan information, state, account; `new_flow: true`). */
export function Component() {
  return <Signup agreementLink={agreementLink} onSignedIn={finishNewflowSignInWithToken} />;
}
