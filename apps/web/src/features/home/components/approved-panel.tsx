import { Link } from 'react-router';
import { Alert } from '@payrail/ui/alert';
import { loanManagerHref } from '../lib/loan-manager';
import styles from './home.module.css';
import { StarRating } from './star-rating';

export interface ApprovedPanelProps {
  /** The session's eligible_for_refinance: show the refinance prompt. */
  eligibleForRefinance: boolean;
  /** The session token when the borrower has a servicer id (has_nelnet / loan_borrower.nelnet_id); null hides the loan-manager link. */
  loanManagerToken: string | null;
  /** The session's feedback_rating is false: show the five-star rating form. */
  showRating: boolean;
  /** The rating was stored. */
  onRated: () => void;
  /**
   * The loan is funded and being repaid: the approval is old news, so no "Approved" message; what is left
   * (the refinance prompt, the rating) is a small secondary card that follows the loan card. Nothing at all
   * when neither applies.
   */
  funded?: boolean;
}

function RefinancePrompt() {
  return (
    <div className={styles.prompt}>
      <p>You are eligible to refinance your loan: get more money with new terms.</p>
      <Link className={styles.promptLink} to="/refinance_terms">
        See your refinance terms
      </Link>
    </div>
  );
}

/**
 * The Approved panel (classic §2): approved and refinancing borrowers are sent to the dashboard, so it
 * is shown there. A refinance prompt when eligible, the loan-manager link when a servicer id exists
 * (the token as a query parameter), and the five-star rating while no feedback was given.
 */
export function ApprovedPanel({ eligibleForRefinance, loanManagerToken, showRating, onRated, funded = false }: ApprovedPanelProps) {
  if (funded) {
    if (!eligibleForRefinance && !showRating) return null;
    return (
      <section className={`${styles.approved} ${styles.secondary}`} aria-labelledby="approved-title">
        <h2 id="approved-title">More for you</h2>
        {eligibleForRefinance ? <RefinancePrompt /> : null}
        {showRating ? <StarRating headingLevel={3} onSent={onRated} /> : null}
      </section>
    );
  }
  return (
    <section className={styles.approved} aria-labelledby="approved-title">
      <h2 id="approved-title">Your application</h2>
      <Alert kind="success" title="Approved">
        <p>Your loan was approved.</p>
      </Alert>
      {eligibleForRefinance ? <RefinancePrompt /> : null}
      {loanManagerToken ? (
        <p>
          Manage your loan and payments on the {/* A full page redirect (spec §1 hasNelNet), not a new tab: the servicer's site takes over. */}
          <a href={loanManagerHref(loanManagerToken)} rel="noreferrer">
            loan manager
          </a>
          .
        </p>
      ) : null}
      {showRating ? <StarRating headingLevel={3} onSent={onRated} /> : null}
    </section>
  );
}
