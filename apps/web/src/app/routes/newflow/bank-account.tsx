import { BankLink } from '../../../features/banking/components/bank-link';
import { BankAccount } from '../../../features/newflow/components/bank-account';
import { NEWFLOW_BASE } from '../../status-routes';

/** bank_account: the banking feature's aggregator widget; its success posts the step. */
export function Component() {
  return (
    <BankAccount
      manualPath={`${NEWFLOW_BASE}/bank_account/manual`}
      renderBankLink={({ onLinked, onProvideManually }) => <BankLink onLinked={() => onLinked()} onProvideManually={onProvideManually} />}
    />
  );
}
