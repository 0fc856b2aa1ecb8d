import { BankAccountManual } from '../../../features/newflow/components/bank-account';
import { NEWFLOW_BASE } from '../../status-routes';

export function Component() {
  return <BankAccountManual backPath={`${NEWFLOW_BASE}/bank_account`} />;
}
