import { MSG } from '@payrail/contract/messages';
import { StatusPage } from '@payrail/ui/container';
import { Button } from '@payrail/ui/button';
import { useIsSignedIn } from '../../lib/session-store';

/** 404. The main button follows the session: a signed-in borrower goes back to their dashboard, anyone else to sign in. */
export function Component() {
  const signedIn = useIsSignedIn();
  return (
    <StatusPage
      badge="404"
      title={MSG.pageNotFound}
      actions={
        signedIn ? (
          <Button to="/" size="lg">
            Go to the dashboard
          </Button>
        ) : (
          <>
            <Button to="/signin" size="lg">
              Go to sign in
            </Button>
            <Button to="/" size="lg" variant="secondary">
              Go to the home page
            </Button>
          </>
        )
      }
    >
      <p>
        {signedIn
          ? 'The page you are looking for does not exist or has moved. Check the address, or go back to your dashboard.'
          : 'The page you are looking for does not exist or has moved. Check the address, or start again from sign in.'}
      </p>
    </StatusPage>
  );
}
