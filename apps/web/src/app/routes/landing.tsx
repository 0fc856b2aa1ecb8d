import { useState } from 'react';
import { Navigate } from 'react-router';
import { LoadingBlock } from '@payrail/ui/spinner';
import { useEmployer } from '../../api/get-employer';
import { useReapply } from '../../features/home/api/get-reapply';
import { StarRating } from '../../features/home/components/star-rating';
import { StatusPanelView } from '../../features/home/components/status-panel-view';
import { LandingPage } from '../../features/marketing/components/landing-page';
import { useSessionQuery } from '../../features/session/api/get-session';
import { navigate } from '@payrail/client/navigation';
import { sessionStore, useSession } from '../../lib/session-store';
import { RequireSession, RequireStatus } from '../guards';
import { APPROVED_STATUSES, NEW_LOAN_STATUSES, PANEL_MSG, reapplyDateText, REAPPLY_STATUSES, statusPanelEntry } from '../status-panel';
import { routeForStatus } from '../status-routes';

/** Reapply or New Loan answered about_yourself: a fresh application starts on its page. */
function restarted(status: string) {
  sessionStore.updateUser({ workflow_status: status, paid_off: false });
  sessionStore.setNavigationStack([status]);
  navigate(routeForStatus(status, sessionStore.getState().user?.loan_type ?? null));
}

/** Statuses whose page is the root: application_submitted, denied, employer_review and the statuses without a page (classic §2). */
function StatusPanel() {
  const status = useSession((state) => state.user?.workflow_status ?? null);
  const reason = useSession((state) => state.user?.not_qualified_reason ?? null);
  const paidOff = useSession((state) => state.user?.paid_off === true);
  const rated = useSession((state) => state.user?.feedback_rating === true);
  const [ratedNow, setRatedNow] = useState(false);
  const session = useSessionQuery();
  const employer = useEmployer(session.data?.loan_borrower.employer_id);
  const asksReapply = status !== null && (REAPPLY_STATUSES.has(status) || status === 'canceled');
  const reapply = useReapply(asksReapply);
  if (asksReapply && reapply.isPending) return <LoadingBlock label="Loading your application status…" />;

  const on = reapply.data?.could_reapply_on ?? null;
  const dateText = reapplyDateText(on);
  const entry = paidOff
    ? { title: PANEL_MSG.paidOff, kind: 'success' as const, message: 'Congratulations! You can apply for a new loan at any time.' }
    : statusPanelEntry(status, reason, { paymentType: employer.data?.payment_type, reapplyOn: dateText });
  // Only the Approved panel offers the five-star rating (classic §2); approved borrowers normally see it on /dashboard.
  const offersRating = !paidOff && status !== null && APPROVED_STATUSES.has(status) && (!rated || ratedNow);
  const showsReapply = !paidOff && status !== null && REAPPLY_STATUSES.has(status) && on !== null;
  return (
    <StatusPanelView
      entry={entry}
      reapply={showsReapply && on ? { on, dateText } : null}
      newLoan={paidOff || (status !== null && NEW_LOAN_STATUSES.has(status))}
      onRestarted={restarted}
      rating={
        offersRating ? (
          <StarRating
            onSent={() => {
              setRatedNow(true);
              sessionStore.updateUser({ feedback_rating: true });
            }}
          />
        ) : null
      }
    />
  );
}

/**
 * Home. Visitors get the landing page. Signed-in borrowers get the status panel, or the page of their
 * status when it has one; approved and refinancing borrowers go to the dashboard (classic §2), except a
 * paid-off loan, which shows "Loan paid in full" and New Loan.
 */
function SignedInHome() {
  const status = useSession((state) => state.user?.workflow_status ?? null);
  const loanType = useSession((state) => state.user?.loan_type ?? null);
  const paidOff = useSession((state) => state.user?.paid_off === true);
  const newFlow = useSession((state) => state.user?.new_flow ?? null);
  const route = routeForStatus(status, loanType, newFlow);
  // A refinance in progress on a page of its own (terms, review, signature) goes there: the dashboard's
  // "Continue" of a pending refinance leads here (newflow §4).
  if (!paidOff && !newFlow && (status === 'approved' || (loanType === 'refinancing' && route === '/'))) return <Navigate to="/dashboard" replace />;
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
