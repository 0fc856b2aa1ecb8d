import { Button } from '@payrail/ui/button';
import { LoadingBlock } from '@payrail/ui/spinner';
import { useLoanHistory, useOngoingLoans, useTransactions } from '../features/servicing/api/servicing';
import { LoanHistoryTable } from '../features/servicing/components/loan-history-table';
import { LoanProgress } from '../features/servicing/components/loan-summary';
import { ScheduledPayments } from '../features/servicing/components/scheduled-payments';
import { useSession } from '../lib/session-store';
import styles from '../features/servicing/components/servicing.module.css';

// Its own module, apart from app/servicing-views.tsx (Loans & Payments: payments page, card tokenizer, payoff
// letter, simulator, charts), which the dashboard does not show: its first load carries only these widgets.

/** Dashboard widgets (spec §2): progress of the opened loan, its scheduled payments, the loan history. */
export function DashboardLoans() {
  const ongoing = useOngoingLoans();
  const history = useLoanHistory();
  const opened = ongoing.data?.opened_loan?.loan ?? null;
  const transactions = useTransactions(opened?.id ?? null);
  const hasJackHenry = useSession((state) => state.user?.has_jack_henry === true);
  if (ongoing.isPending || history.isPending) return <LoadingBlock label="Loading your loans…" />;
  return (
    <div className={styles.widgets}>
      {opened && opened.loan_status === 'opened' ? (
        <>
          <LoanProgress loan={opened} />
          <div className={styles.actions}>
            <Button to="/dashboard/loans-and-payments" variant="secondary">
              Loan details
            </Button>
            <Button to={hasJackHenry ? '/payment' : '/dashboard/loans-and-payments'}>Make a payment</Button>
          </div>
          <section className={styles.card} aria-labelledby="dashboard-scheduled">
            <ScheduledPayments transactions={transactions.data ?? []} headingId="dashboard-scheduled" />
          </section>
        </>
      ) : null}
      <section className={styles.card} aria-labelledby="dashboard-history">
        <h2 id="dashboard-history">Loan history</h2>
        <LoanHistoryTable loans={history.data ?? []} caption="Loan history" captionHidden />
      </section>
    </div>
  );
}
