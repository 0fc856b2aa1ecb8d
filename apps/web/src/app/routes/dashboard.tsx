import { useState } from 'react';
import { Button } from '@payrail/ui/button';
import { ApprovedPanel } from '../../features/home/components/approved-panel';
import { LoanManagerLink } from '../../features/home/components/loan-manager-link';
import { sessionStore, useSession } from '../../lib/session-store';
import { greetingOf } from '../layouts/app-shell-layout';
import { DashboardLoans, isActiveLoan } from '../dashboard-loans';
import { useOngoingLoans } from '../../features/servicing/api/get-ongoing-loans';
import { PendingRefinance } from '../pending-refinance';
import { APPROVED_STATUSES } from '../status-panel';
import styles from './dashboard.module.css';

/** The Approved panel (classic §2) for approved and refinancing_application borrowers, who Home sends here. */
function Approved({ funded = false }: { funded?: boolean }) {
  const eligible = useSession((state) => state.user?.eligible_for_refinance === true);
  const servicer = useSession((state) => state.user?.has_nelnet === true);
  const token = useSession((state) => state.token);
  const rated = useSession((state) => state.user?.feedback_rating === true);
  // Keeps "Your feedback was sent." on screen after the session answers feedback_rating true.
  const [ratedNow, setRatedNow] = useState(false);
  return (
    <ApprovedPanel
      funded={funded}
      eligibleForRefinance={eligible}
      loanManagerToken={servicer ? token : null}
      showRating={!rated || ratedNow}
      onRated={() => {
        setRatedNow(true);
        sessionStore.updateUser({ feedback_rating: true });
      }}
    />
  );
}

/**
 * The servicer flags of spec §1/§2: hasJackHenry shows a Payment button to the payment route; hasNelNet
 * a button to the external servicer's dashboard (a full page redirect with the token).
 */
function ServicerActions() {
  const hasJackHenry = useSession((state) => state.user?.has_jack_henry === true);
  return (
    <div className={styles.servicer}>
      {hasJackHenry ? (
        <p>
          <Button to="/payment">Payment</Button>
        </p>
      ) : null}
      <LoanManagerLink />
    </div>
  );
}

/**
 * /dashboard (named route dashboard): before funding the Approved panel leads, then the loan widgets. Once a
 * loan is being repaid its card leads and what is left of the panel (refinance prompt, rating) follows as a
 * small secondary card.
 */
export function Component() {
  const firstName = useSession((state) => state.user?.first_name ?? null);
  const status = useSession((state) => state.user?.workflow_status ?? null);
  const paidOff = useSession((state) => state.user?.paid_off === true);
  const ongoing = useOngoingLoans();
  const approved = status !== null && APPROVED_STATUSES.has(status) && !paidOff;
  const funded = isActiveLoan(ongoing.data?.opened_loan?.loan);
  return (
    <>
      <h1 className={styles.greeting}>{greetingOf(firstName)}</h1>
      <p className={styles.lead}>This is your Payrail dashboard.</p>
      <ServicerActions />
      {approved && !ongoing.isPending && !funded ? <Approved /> : null}
      <DashboardLoans />
      {approved && funded ? <Approved funded /> : null}
      <PendingRefinance />
    </>
  );
}
