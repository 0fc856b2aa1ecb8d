import { Navigate, useParams } from 'react-router';
import { LoadingBlock } from '@payrail/ui/spinner';
import { useLoanHistory } from '../../features/servicing/api/get-loan-history';
import { useOngoingLoans } from '../../features/servicing/api/get-ongoing-loans';
import { LoanDetails } from '../servicing-views';

export const LOAN_HISTORY_PATH = '/dashboard/loans-and-payments/loan-history';

/** /dashboard/loans-and-payments/loan-history/{identifier}: one loan from the history. */
function LoanByIdentifier({ identifier }: { identifier: string }) {
  const history = useLoanHistory();
  const ongoing = useOngoingLoans();
  if (history.isPending) return <LoadingBlock label="Loading your loan…" />;
  const loan = history.data?.find((item) => item.identifier === identifier);
  if (!loan || loan.loan_status === 'pending') return <Navigate to={LOAN_HISTORY_PATH} replace />;
  return <LoanDetails loan={loan} applying={ongoing.data?.applying_loan?.loan ?? null} />;
}

/** Without an identifier: the opened loan; none (or only a pending one) → the loan history. */
function OpenedLoan() {
  const ongoing = useOngoingLoans();
  if (ongoing.isPending) return <LoadingBlock label="Loading your loan…" />;
  const loan = ongoing.data?.opened_loan?.loan;
  if (!loan || loan.loan_status === 'pending') return <Navigate to={LOAN_HISTORY_PATH} replace />;
  return <LoanDetails loan={loan} applying={ongoing.data?.applying_loan?.loan ?? null} />;
}

/** /dashboard/loans-and-payments (named route loansAndPayments) and loanDetails with an identifier. */
export function Component() {
  const { identifier } = useParams();
  return identifier ? <LoanByIdentifier key={identifier} identifier={identifier} /> : <OpenedLoan />;
}
