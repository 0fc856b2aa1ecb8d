import { Navigate } from 'react-router';
import { Container } from '../../components/layout/container';
import { Alert } from '../../components/ui/alert';
import { LandingPage } from '../../features/marketing/components/landing-page';
import { BRAND } from '../../lib/brand';
import { useSession } from '../../lib/session-store';
import { RequireSession, RequireStatus } from '../guards';
import { statusPanelEntry } from '../status-panel';
import { routeForStatus } from '../status-routes';
import styles from './later-release.module.css';

/** Statuses whose page is the root: application_submitted, denied, employer_review and the statuses without a page. */
function StatusPanel() {
  const status = useSession((state) => state.user?.workflow_status ?? null);
  const reason = useSession((state) => state.user?.not_qualified_reason ?? null);
  const entry = statusPanelEntry(status, reason);
  return (
    <Container width="narrow">
      <section className={styles.panel} aria-labelledby="status-title">
        <h1 id="status-title">Your application</h1>
        <Alert kind={entry.kind} title={entry.title}>
          <p>{entry.message}</p>
        </Alert>
        <p className={styles.muted}>
          This page checks for news every few seconds. The full status panel, with reapply dates and next steps, comes with the next release. Questions? Call{' '}
          <a href={BRAND.supportPhoneHref}>{BRAND.supportPhone}</a>.
        </p>
      </section>
    </Container>
  );
}

/**
 * Home. Visitors get the landing page. Signed-in borrowers get the status panel, or the page of their
 * status when it has one; approved and refinancing borrowers go to the dashboard (classic §2).
 */
function SignedInHome() {
  const status = useSession((state) => state.user?.workflow_status ?? null);
  const loanType = useSession((state) => state.user?.loan_type ?? null);
  if (status === 'approved' || loanType === 'refinancing') return <Navigate to="/dashboard" replace />;
  const route = routeForStatus(status, loanType);
  if (route !== '/') return <Navigate to={route} replace />;
  return (
    // Every status whose route is the root may see the panel; RequireStatus adds the 5000 ms polling.
    <RequireStatus allowed={status ? [status] : []}>
      <StatusPanel />
    </RequireStatus>
  );
}

export function Component() {
  const signedIn = useSession((state) => state.token !== null);
  if (!signedIn) return <LandingPage />;
  return (
    <RequireSession>
      <SignedInHome />
    </RequireSession>
  );
}
