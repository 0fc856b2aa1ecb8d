import { useEmployer } from '../../api/get-employer';
import { SelectRepayMethod } from '../../features/repayment/components/select-repay-method';
import { useSessionQuery } from '../../features/session/api/get-session';
import { isNonFederal } from '../../lib/payroll-wording';
import { adoptRefusal, moveToStatus } from '../workflow';

/** /select_repay_method (status select_repay_method). Non-federal employers (split_direct_deposit) read the split direct deposit wording, the others the allotment one (lib/payroll-wording). */
export function Component() {
  const session = useSessionQuery();
  const employer = useEmployer(session.data?.loan_borrower.employer_id);
  const federal = !isNonFederal(employer.data?.payment_type);
  return <SelectRepayMethod federal={federal} onChosen={moveToStatus} onRefused={adoptRefusal} />;
}
