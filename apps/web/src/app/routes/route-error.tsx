import { isRouteErrorResponse, useRouteError } from 'react-router';
import { StatusPage } from '@payrail/ui/container';
import { Button } from '@payrail/ui/button';

/** Last-resort page for a render error or a failed lazy chunk (e.g. after a deploy). */
export function RouteError() {
  const error = useRouteError();
  const status = isRouteErrorResponse(error) ? error.status : null;
  return (
    <StatusPage
      title="Something went wrong"
      actions={
        <>
          <Button onClick={() => window.location.reload()}>Reload the page</Button>
          <Button to="/" variant="secondary">
            Go to the home page
          </Button>
        </>
      }
    >
      <p>{status ? `The page could not be loaded (error ${status}).` : 'The page could not be shown.'} Please reload it or try again in a few minutes.</p>
    </StatusPage>
  );
}
