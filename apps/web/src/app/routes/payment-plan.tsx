import { Navigate, useParams } from 'react-router';
import { PaymentPlanPage } from '../../features/payment-plans/components/payment-plan-page';
import { saveBlob } from '../../features/servicing/lib/save-file';

/** /dashboard/loans/:loanId/payment-plan (named route paymentPlan): the payment plan proposed for the borrower's loan, to review and sign. */
export function Component() {
  const loanId = Number(useParams().loanId);
  if (!Number.isSafeInteger(loanId) || loanId <= 0) return <Navigate to="/dashboard/loans-and-payments" replace />;
  return <PaymentPlanPage loanId={loanId} save={saveBlob} />;
}
