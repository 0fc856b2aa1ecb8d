import type { TServicingLoan } from '@payrail/contract/servicing';
import { Button } from '@payrail/ui/button';
import { formatDate } from '@payrail/client/format';
import styles from './servicing.module.css';
import { CardSection } from '../../../components/sections/card-section';

export type RefinanceState = 'pending' | 'eligible' | 'review' | 'reapply';

/**
 * Spec §4 "Refinance status on loan details", from the loan and the application in progress: a refinance
 * application in progress is pending (or review while under review); a waiting period is reapply; an
 * eligible loan with nothing in progress is eligible; otherwise nothing is shown.
 */
export function refinanceState(loan: TServicingLoan, applying: TServicingLoan | null): RefinanceState | null {
  if (applying) return applying.is_under_review ? 'review' : 'pending';
  // The server marks the loan a refinancing application of it is working on (no loan record exists before funding).
  if (loan.refinance_in_progress) return loan.is_under_review ? 'review' : 'pending';
  if ((loan.days_left_for_reapply_refinance ?? 0) > 0) return 'reapply';
  if (loan.eligible_for_refinance) return 'eligible';
  return null;
}

/** What refinancing needs (newflow §5 "Refinance eligibility shown"), each marked met or not. */
const REQUIREMENTS: readonly { key: keyof TServicingLoan['requirements_to_refinance']; label: string }[] = [
  { key: 'no_pending_transactions', label: 'No pending transactions' },
  { key: 'account_current', label: 'Your account is current' },
  { key: 'paid_enough', label: 'You repaid a share of your total balance (40% to 60%, subject to change)' },
  { key: 'no_application_in_progress', label: 'No other application in progress' },
];

function Requirements({ loan }: { loan: TServicingLoan }) {
  return (
    <CardSection id="refinance-status" title="Refinance" className={styles.card}>
      <p>To refinance your loan you need:</p>
      <ul>
        {REQUIREMENTS.map((r) => (
          <li key={r.key}>
            {r.label}: <strong>{loan.requirements_to_refinance[r.key] ? 'done' : 'not yet'}</strong>
          </li>
        ))}
      </ul>
    </CardSection>
  );
}

/** Only displays the state: refinancing itself is its own screens. */
export function RefinanceStatus({ loan, applying }: { loan: TServicingLoan; applying: TServicingLoan | null }) {
  const state = refinanceState(loan, applying);
  if (state === null) return <Requirements loan={loan} />;
  const days = loan.days_left_for_reapply_refinance ?? 0;
  return (
    <CardSection id="refinance-status" title="Refinance" className={styles.card}>
      {state === 'pending' ? (
        <>
          <p>Your refinance application is in progress.</p>
          <Button to="/">Continue</Button>
        </>
      ) : null}
      {state === 'eligible' ? (
        <>
          <p>You are eligible to refinance your loan: get more money with new terms.</p>
          <Button to="/refinance_terms">Refinance</Button>
        </>
      ) : null}
      {state === 'review' ? <p>Your refinance application is under review.</p> : null}
      {state === 'reapply' ? (
        <p>
          {days === 1 ? '1 day left' : `${days} days left`} to apply for a refinance again
          {loan.date_to_reapply_refinance ? ` (on ${formatDate(loan.date_to_reapply_refinance)})` : ''}.
        </p>
      ) : null}
    </CardSection>
  );
}
