import { CheckYourRate } from '../../../features/auth/components/check-your-rate';
import { agreementLink } from '../../agreement-links';
import { RedirectSignedIn } from '../signed-in-redirect';

/** /application/newflow/signup: Check Your Rate (loan information, state, e-mail; `new_flow: true`). */
export function Component() {
  return (
    <RedirectSignedIn>
      <CheckYourRate agreementLink={agreementLink} />
    </RedirectSignedIn>
  );
}
