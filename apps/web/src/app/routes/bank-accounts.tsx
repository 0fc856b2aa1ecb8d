import { BankAccounts } from '../../features/banking/components/bank-accounts';
import { adoptRefusedStatus, moveToStatus } from '../workflow';

/** /bank_accounts (choosing_receiver_account): the account on file, Edit (/bank_information) and Confirm. */
export function Component() {
  return <BankAccounts editTo="/bank_information" onConfirmed={moveToStatus} onRefused={adoptRefusedStatus} />;
}
