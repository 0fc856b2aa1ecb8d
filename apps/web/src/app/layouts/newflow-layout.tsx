import { useEffect, useState } from 'react';
import { Outlet, useLocation, useMatches } from 'react-router';
import { Container } from '@payrail/ui/container';
import { SiteFooter } from '../../components/layout/site-footer';
import { SiteHeader } from '../../components/layout/site-header';
import { SkipLink } from '@payrail/ui/skip-link';
import layout from '../../components/layout/layout.module.css';
import { Breadcrumb } from '@payrail/ui/breadcrumb';
import { Button } from '@payrail/ui/button';
import { useLogout } from '../../features/auth/api/logout';
import { AuthPathsContext, NEWFLOW_AUTH_PATHS } from '../../features/auth/lib/auth-paths';
import { NewflowMovesContext } from '../../features/newflow/lib/newflow-context';
import type { NewflowMoves } from '../../features/newflow/lib/newflow-context';
import { HelpFooter } from '../../features/support/components/help-footer';
import { usePendingRequestCount } from '@payrail/client/pending-requests';
import { useSession } from '../../lib/session-store';
import { breadcrumbFromMatches } from '../route-handle';
import { newflowCompletedCrumbs } from '../newflow-breadcrumb';
import { newflowBackTarget } from '../newflow-back';
import { NEWFLOW_BASE, NEWFLOW_SIGNIN, NEWFLOW_SIGNUP, newflowRouteForStatus } from '../status-routes';

/**
 * The workflow moves (app/workflow.ts, with its API calls) load on the first move, not with the shell:
 * the sign-up page, the new flow's landing page, makes none (its initial JS, docs/performance.md). Once
 * the applicant is signed in the shell fetches them ahead (an effect), so a step's move does not wait for them.
 */
const workflow = () => import('../workflow');
const MOVES: NewflowMoves = {
  moveOn: async (answer) => (await workflow()).continueNewflow(answer),
  goTo: (status) => void workflow().then(({ goToNewflowStatus }) => goToNewflowStatus(status)),
};

const RENT_PATH = `${NEWFLOW_BASE}/personal_info/rent`;

/**
 * The Back link of a new-flow step (§2 back targets, through the navigation stack): the housing sub-step
 * goes back to personal_info's first part; a step whose previous stack entry is a back target asks the
 * server to move back (go_back) and opens that page.
 */
function NewflowBack() {
  const { pathname } = useLocation();
  const status = useSession((state) => state.user?.workflow_status ?? null);
  const stack = useSession((state) => state.navigationStack);
  const [pending, setPending] = useState(false);
  const onRent = pathname.replace(/\/$/, '') === RENT_PATH;
  const onStatusPage = status !== null && newflowRouteForStatus(status) === pathname.replace(/\/$/, '');
  const target = onRent ? 'personal_info' : onStatusPage ? newflowBackTarget(status, stack) : null;
  if (!target) return null;
  if (onRent) {
    return (
      <Container className={layout.stepperContainer}>
        <Button to={`${NEWFLOW_BASE}/personal_info`} variant="ghost" size="sm">
          Back
        </Button>
      </Container>
    );
  }
  const back = async () => {
    setPending(true);
    try {
      await (await workflow()).goBackNewflow();
    } catch {
      // Global handling (401/403/503) has already told the applicant; the page stays.
    } finally {
      setPending(false);
    }
  };
  return (
    <Container className={layout.stepperContainer}>
      <Button variant="ghost" size="sm" loading={pending} onClick={() => void back()}>
        Back
      </Button>
    </Container>
  );
}

/**
 * The new-flow shell (newflow-and-dashboard.md §2): header, the 6-step breadcrumb (hidden when the
 * route's step is absent or -1), the step, the help footer with chat and call, the footer.
 */
export function NewflowLayout() {
  const busy = usePendingRequestCount() > 0;
  const signedIn = useSession((state) => state.token !== null);
  useEffect(() => {
    if (signedIn) void workflow().catch(() => undefined);
  }, [signedIn]);
  const logout = useLogout();
  const step = breadcrumbFromMatches(useMatches());
  // A crumb is complete only when the server's status has passed every step it shows.
  const status = useSession((state) => state.user?.workflow_status ?? null);
  const completed = newflowCompletedCrumbs(status) ?? undefined;
  return (
    <div className={layout.page}>
      <SkipLink />
      <SiteHeader
        actions={
          signedIn ? (
            <Button variant="ghost" size="sm" loading={logout.isPending} onClick={() => logout.mutate()}>
              Log out
            </Button>
          ) : (
            <>
              <Button to={NEWFLOW_SIGNIN} variant="ghost" size="sm">
                Sign in
              </Button>
              <Button to={NEWFLOW_SIGNUP} size="sm" className={layout.hideOnSmall}>
                Check Your Rate
              </Button>
            </>
          )
        }
      />
      <main id="main" tabIndex={-1} className={layout.main} aria-busy={busy || undefined}>
        {step >= 0 ? (
          <Container className={layout.stepperContainer}>
            <Breadcrumb step={step} completed={completed} />
          </Container>
        ) : null}
        {signedIn ? <NewflowBack /> : null}
        <AuthPathsContext value={NEWFLOW_AUTH_PATHS}>
          <NewflowMovesContext value={MOVES}>
            <Outlet />
          </NewflowMovesContext>
        </AuthPathsContext>
      </main>
      <HelpFooter />
      <SiteFooter />
    </div>
  );
}
