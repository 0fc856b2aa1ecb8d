import { Navigate, useParams } from 'react-router';
import { DueDateChangePage } from '../../features/care/components/due-date-change-page';
import { saveBlob } from '../../features/servicing/lib/save-file';

/** /dashboard/loans-and-payments/:loanId/change-due-date (named route changeDueDate): the borrower's due-date change. */
export function Component() {
  const loanId = Number(useParams().loanId);
  if (!Number.isSafeInteger(loanId) || loanId <= 0) return <Navigate to="/dashboard/loans-and-payments" replace />;
  return <DueDateChangePage loanId={loanId} save={saveBlob} />;
}
