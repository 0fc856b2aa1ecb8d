import { ManualBankEntry } from '../../features/banking/components/manual-bank-form';
import { navigate } from '@payrail/client/navigation';
import { useSession } from '../../lib/session-store';
import { adoptRefusedStatus, moveToStatus } from '../workflow';

/**
 * /bank_information: the manual form outside the application path. From the bank accounts page
 * (choosing_receiver_account) it edits the account: Save verifies it and returns to /bank_accounts to
 * confirm there. In a manual-entry status it is that step's form: Save verifies and confirms.
 */
export function Component() {
  const status = useSession((state) => state.user?.workflow_status ?? null);
  if (status === 'choosing_receiver_account') {
    return <ManualBankEntry after="save" onDone={() => navigate('/bank_accounts')} onRefused={adoptRefusedStatus} cancelTo="/bank_accounts" />;
  }
  return <ManualBankEntry after="confirm" onDone={(next) => next && moveToStatus(next)} onRefused={adoptRefusedStatus} />;
}
