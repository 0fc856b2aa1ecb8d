import { Button } from '@payrail/ui/button';
import { useSession } from '../../../lib/session-store';
import { loanManagerHref } from '../lib/loan-manager';

/** hasNelNet (spec §1): a button to the external servicer's dashboard, a full page redirect with the token. */
export function LoanManagerLink() {
  const servicer = useSession((state) => state.user?.has_nelnet === true);
  const token = useSession((state) => state.token);
  if (!servicer || !token) return null;
  return (
    <p>
      <Button href={loanManagerHref(token)} variant="secondary">
        Manage your loan at our servicer
      </Button>
    </p>
  );
}
