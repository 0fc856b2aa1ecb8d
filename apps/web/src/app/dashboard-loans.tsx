import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import type { TServicingLoan } from '@payrail/contract/servicing';
import { formatDate, formatLoanIdentifier } from '@payrail/client/format';
import { Button } from '@payrail/ui/button';
import { LoadingBlock } from '@payrail/ui/spinner';
import { SERVICING_KEY } from '../features/servicing/api/keys';
import { useLoanHistory } from '../features/servicing/api/get-loan-history';
import { useOngoingLoans } from '../features/servicing/api/get-ongoing-loans';
import { useTransactions } from '../features/servicing/api/get-transactions';
import { useSessionQuery } from '../features/session/api/get-session';
import { LoanHistoryTable, loanDetailsPath } from '../features/servicing/components/loan-history-table';
import { LoanProgress } from '../features/servicing/components/loan-summary';
import { ScheduledPayments } from '../features/servicing/components/scheduled-payments';
import { useSession } from '../lib/session-store';
import styles from '../features/servicing/components/servicing.module.css';

// Its own module, apart from app/servicing-views.tsx (Loans & Payments: payments page, card tokenizer, payoff
// letter, simulator, charts), which the dashboard does not show: its first load carries only these widgets.

/** A loan the borrower is repaying (opened, or in default): the dashboard leads with its card. */
export const isActiveLoan = (loan: TServicingLoan | null | undefined): loan is TServicingLoan =>
  loan?.loan_status === 'opened' || loan?.loan_status === 'default';

/**
 * The servicing reads follow the session: the session check (GET /token_is_valid, on navigation and, while a
 * loan is on its way, every 5000 ms) says when the workflow status, has_loan or paid_off changed — a loan was
 * funded, paid off or refinanced elsewhere — and the loans are read again, so the funded loan shows without a
 * reload.
 */
function useLoansFollowSession(awaitingLoan: boolean) {
  const client = useQueryClient();
  const signedIn = useSession((state) => state.token !== null);
  const mark = useSession((state) => `${state.user?.workflow_status ?? ''}|${String(state.user?.has_loan ?? false)}|${String(state.user?.paid_off ?? false)}`);
  const seen = useRef(mark);
  // Another observer of the session check RequireSession runs: it adds the polling while a loan is awaited.
  useSessionQuery({ enabled: signedIn && awaitingLoan, poll: true });
  useEffect(() => {
    if (seen.current === mark) return;
    seen.current = mark;
    void client.invalidateQueries({ queryKey: SERVICING_KEY });
  }, [mark, client]);
}

/** A finished loan (closed_paid): the congratulation, the day it was paid in full, and its documents. */
function PaidInFull({ loan }: { loan: TServicingLoan }) {
  return (
    <section className={`${styles.card} ${styles.paidInFull}`} aria-labelledby="paid-in-full">
      <h2 id="paid-in-full">{loan.paid_off_on ? `Paid in full on ${formatDate(loan.paid_off_on)}` : 'Paid in full'}</h2>
      <p>Congratulations! Your loan {formatLoanIdentifier(loan.identifier)} is paid in full: nothing more is due.</p>
      <p>
        <Link to={loanDetailsPath(loan.identifier)}>See the loan&apos;s documents and statements</Link>
      </p>
    </section>
  );
}

/**
 * Dashboard widgets (spec §2): the active loan's card first (next payment, progress, actions, scheduled
 * payments), a paid-in-full card for a finished loan, then the loan history.
 */
export function DashboardLoans() {
  const ongoing = useOngoingLoans();
  const history = useLoanHistory();
  const opened = ongoing.data?.opened_loan?.loan ?? null;
  const active = isActiveLoan(opened) ? opened : null;
  const applying = ongoing.data?.applying_loan?.loan ?? null;
  useLoansFollowSession(!ongoing.isPending && active === null && applying !== null);
  const transactions = useTransactions(active?.id ?? null);
  const hasJackHenry = useSession((state) => state.user?.has_jack_henry === true);
  if (ongoing.isPending || history.isPending) return <LoadingBlock label="Loading your loans…" />;
  const latest = history.data?.[0] ?? null;
  const paidInFull = active === null && applying === null && latest?.loan_status === 'closed_paid' ? latest : null;
  return (
    <div className={styles.widgets}>
      {active ? (
        <>
          <LoanProgress loan={active} />
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
      {paidInFull ? <PaidInFull loan={paidInFull} /> : null}
      <section className={styles.card} aria-labelledby="dashboard-history">
        <h2 id="dashboard-history">Loan history</h2>
        <LoanHistoryTable loans={history.data ?? []} caption="Loan history" captionHidden />
      </section>
    </div>
  );
}
