import { useNavigate } from 'react-router';
import { Button } from '@payrail/ui/button';
import { LoadingBlock } from '@payrail/ui/spinner';
import { useLoanHistory } from '../../features/servicing/api/get-loan-history';
import { LoanHistoryTable } from '../../features/servicing/components/loan-history-table';
import styles from '../../features/servicing/components/servicing.module.css';

/**
 * loanHistory (spec §2): the loans table with a back button. Whether any loan is opened changes the
 * title's style (a quieter title when there is an active loan to go back to).
 */
export function Component() {
  const history = useLoanHistory();
  const navigate = useNavigate();
  if (history.isPending) return <LoadingBlock label="Loading your loans…" />;
  const loans = history.data ?? [];
  const anyOpened = loans.some((loan) => loan.loan_status === 'opened');
  return (
    <>
      <div className={styles.header}>
        <h1 className={anyOpened ? styles.titleMuted : undefined} data-any-opened={anyOpened}>
          Loan history
        </h1>
        <Button variant="secondary" onClick={() => void navigate(anyOpened ? '/dashboard/loans-and-payments' : '/dashboard')}>
          Back
        </Button>
      </div>
      <LoanHistoryTable loans={loans} caption="Your loans" captionHidden />
    </>
  );
}
