import { Outlet, useMatches } from 'react-router';
import { Container } from '@payrail/ui/container';
import { SiteFooter } from '../../components/layout/site-footer';
import { SiteHeader } from '../../components/layout/site-header';
import { SkipLink } from '@payrail/ui/skip-link';
import layout from '../../components/layout/layout.module.css';
import { Button } from '@payrail/ui/button';
import { NEW_LOAN_STEPS, REFINANCE_STEPS, Stepper } from '@payrail/ui/stepper';
import { useLogout } from '../../features/auth/api/logout';
import { usePendingRequestCount } from '@payrail/client/pending-requests';
import { useSession } from '../../lib/session-store';
import { stepFromMatches, stepPageFromMatches } from '../route-handle';

/**
 * Old-flow shell (public pages and the classic application): skip link, header, the stepper when the
 * page's step is above 0, content and footer.
 */
export function PublicLayout() {
  const busy = usePendingRequestCount() > 0;
  const signedIn = useSession((state) => state.token !== null);
  const refinancing = useSession((state) => state.user?.loan_type === 'refinancing');
  const logout = useLogout();
  const matches = useMatches();
  const step = stepFromMatches(matches);
  const page = stepPageFromMatches(matches);
  return (
    <div className={layout.page}>
      <SkipLink />
      <SiteHeader
        showDashboardLink={signedIn && refinancing}
        actions={
          signedIn ? (
            <Button variant="ghost" size="sm" loading={logout.isPending} onClick={() => logout.mutate()}>
              Log out
            </Button>
          ) : (
            <>
              <Button to="/signin" variant="ghost" size="sm">
                Sign in
              </Button>
              <Button to="/signup" size="sm" className={layout.hideOnSmall}>
                Check your rate
              </Button>
            </>
          )
        }
      />
      <main id="main" tabIndex={-1} className={layout.main} aria-busy={busy || undefined}>
        {signedIn && step > 0 ? (
          <Container className={layout.stepperContainer}>
            <Stepper steps={refinancing ? REFINANCE_STEPS : NEW_LOAN_STEPS} current={step} page={page} />
          </Container>
        ) : null}
        <Outlet />
      </main>
      <SiteFooter />
    </div>
  );
}
