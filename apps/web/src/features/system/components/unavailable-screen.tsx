import { MSG } from '@payrail/contract/messages';
import { StatusPage } from '@payrail/ui/container';
import { Button } from '@payrail/ui/button';
import { Spinner } from '@payrail/ui/spinner';
import { useCurrentSystemState } from '../api/get-current-system-state';

const FALLBACK = 'We are working on the system right now. Please try again in a few minutes.';

/** Shown while the server reports a system event (it answers 503 to other calls meanwhile). */
export function UnavailableScreen() {
  const { data, isPending, isError } = useCurrentSystemState();
  return (
    <StatusPage
      title={MSG.systemUnavailable}
      actions={
        <Button to="/signin" size="lg">
          Back to sign in
        </Button>
      }
    >
      {isPending ? <Spinner label="Loading the system status" /> : <p>{(!isError && data.event_description) || FALLBACK}</p>}
    </StatusPage>
  );
}
