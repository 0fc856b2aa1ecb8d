import { Link, useParams } from 'react-router';
import { Alert } from '@payrail/ui/alert';
import { RequireRole } from '../../components/require-role';
import styles from '@payrail/ui/styles/staff-page.module.css';
import { ScheduleRevisionsPanel } from '../../features/care/components/schedule-revisions-panel';
import { useLoan } from '../../features/loans/api/get-loan';
import { LoanDetails } from '../../features/loans/components/loan-details';
import { LoanServicing } from '../../features/servicing/components/loan-servicing';
import { PayoffLetterIssue } from '../../features/servicing/components/payoff-letter';
import { useCan } from '../../lib/roles';
import { LoanStatements } from '../../features/statements/components/loan-statements';
import { DisputeToggle } from '../../features/credit-reporting/components/dispute-toggle';
import { PaymentPlanSection } from '../../features/payment-plans/components/payment-plan-section';
import { usePageTitle } from '../title';

/** The page's heading: whose loan it is (linked to the member's page) and its loan number. */
function LoanHeader({ loanId }: { loanId: number }) {
  const loan = useLoan(loanId);
  const data = loan.data;
  const name = data ? data.borrower.name || `Applicant #${data.borrower.user_id}` : null;
  usePageTitle(data && name ? `${name} — loan ${data.loan.identifier}` : `Loan ${loanId}`);
  return (
    <div className={styles.header}>
      <div>
        <h1>{name ?? `Loan #${loanId}`}</h1>
        {data ? (
          <p className={styles.lead}>
            Loan number <span className={styles.mono}>{data.loan.identifier}</span> ·{' '}
            <Link to={`/applications/${data.borrower.user_id}`}>Member page of {name}</Link> · {data.borrower.email}
            {data.borrower.phone ? ` · ${data.borrower.phone}` : null}
          </p>
        ) : null}
      </div>
    </div>
  );
}

export function Component() {
  const loanId = Number(useParams().loanId);
  const valid = Number.isInteger(loanId) && loanId > 0;
  // Every staff role reads the loan (docs/back-office.md); acting on it (payoff letter, reversals) needs `fund`.
  const canAct = useCan('fund');
  return (
    <RequireRole capability="read">
      <p>
        <Link to="/loans">← Back to loans</Link>
      </p>
      {valid ? (
        <>
          <LoanHeader loanId={loanId} />
          <section className={styles.section} aria-labelledby="loan-terms">
            <h2 id="loan-terms">Terms</h2>
            <LoanDetails loanId={loanId} headingLevel={2} termsOnly />
          </section>
          <section className={styles.section} aria-labelledby="loan-servicing">
            <h2 id="loan-servicing">Servicing</h2>
            <LoanServicing loanId={loanId} />
          </section>
          {canAct ? <PayoffLetterIssue loanId={loanId} /> : null}
          <LoanStatements loanId={loanId} />
          <DisputeToggle loanId={loanId} />
          <PaymentPlanSection loanId={loanId} />
          <section className={styles.section} aria-labelledby="loan-schedule-revisions">
            <h2 id="loan-schedule-revisions">Schedule revisions</h2>
            <ScheduleRevisionsPanel loanId={loanId} />
          </section>
        </>
      ) : (
        <>
          <div className={styles.header}>
            <h1>Loan not found</h1>
          </div>
          <Alert kind="warning" title="This loan does not exist." />
        </>
      )}
    </RequireRole>
  );
}
