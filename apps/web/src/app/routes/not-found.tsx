import { MSG } from '@payrail/contract/messages';
import { StatusPage } from '../../components/layout/container';
import { Button } from '../../components/ui/button';

export function Component() {
  return (
    <StatusPage
      badge="404"
      title={MSG.pageNotFound}
      actions={
        <>
          <Button to="/signin" size="lg">
            Go to sign in
          </Button>
          <Button to="/" size="lg" variant="secondary">
            Go to the home page
          </Button>
        </>
      }
    >
      <p>The page you are looking for does not exist or has moved. Check the address, or start again from sign in.</p>
    </StatusPage>
  );
}
