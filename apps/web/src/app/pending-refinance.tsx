import { useOngoingLoans } from '../features/servicing/api/get-ongoing-loans';
import { PendingRefinanceModal } from '../features/refinance/components/pending-refinance-modal';

/** Mounted by the dashboard: the pending-refinance modal when the opened loan has a refinance waiting for the borrower. */
export function PendingRefinance() {
  const loan = useOngoingLoans().data?.opened_loan?.loan;
  if (!loan) return null;
  const pending = loan.refinance_in_progress && !loan.is_under_review;
  return <PendingRefinanceModal key={String(pending)} pending={pending} />;
}
