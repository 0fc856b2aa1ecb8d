import { Link, useParams } from 'react-router';
import { Alert } from '@payrail/ui/alert';
import { RequireRole } from '../../components/require-role';
import styles from '../../components/page.module.css';
import { ScheduleRevisionsPanel } from '../../features/care/components/schedule-revisions-panel';
import { LoanDetails } from '../../features/loans/components/loan-details';
import { LoanServicing } from '../../features/servicing/components/loan-servicing';
import { PayoffLetterIssue } from '../../features/servicing/components/payoff-letter';
import { usePageTitle } from '../title';

export function Component() {
  const loanId = Number(useParams().loanId);
  usePageTitle(`Loan ${loanId}`);
  return (
    <RequireRole capability="fund">
      <p>
        <Link to="/">← Back to the queue</Link>
      </p>
      <div className={styles.header}>
        <h1>Loan #{loanId}</h1>
      </div>
      {Number.isInteger(loanId) && loanId > 0 ? (
        <>
          <LoanDetails loanId={loanId} headingLevel={2} />
          <section className={styles.section} aria-labelledby="loan-servicing">
            <h2 id="loan-servicing">Servicing</h2>
            <LoanServicing loanId={loanId} />
          </section>
          <PayoffLetterIssue loanId={loanId} />
          <section className={styles.section} aria-labelledby="loan-schedule-revisions">
            <h2 id="loan-schedule-revisions">Schedule revisions</h2>
            <ScheduleRevisionsPanel loanId={loanId} />
          </section>
        </>
      ) : (
        <Alert kind="warning" title="This loan does not exist." />
      )}
    </RequireRole>
  );
}
