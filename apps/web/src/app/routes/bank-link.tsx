import { useLocation } from 'react-router';
import { useState } from 'react';
import { BankLink } from '../../features/banking/components/bank-link';
import { postChangeStatus, refusedCurrentStatus } from '../../features/workflow/api/change-status';
import { useSession } from '../../lib/session-store';
import { useWorkflow } from '../workflow';
import { adoptRefusedStatus, moveToStatus } from '../workflow';
import { Component as ManualBankInput } from './bank-input';

/**
 * /bank_link (statuses bank_link, bank_manually_insert). The route map sends bank_manually_insert to
 * /bank_link, so after "provide manually" this same page shows the manual form, the page of
 * /application/bank_input (it is the page of that status; /bank_information stays the edit page reached from
 * /bank_accounts). Application variant (a path containing "application", mounted at /application/bank_link):
 * "provide manually" moves to bank_manual_input instead, whose page is /application/bank_input.
 */
export function Component() {
  const status = useSession((state) => state.user?.workflow_status ?? null);
  const { pathname } = useLocation();
  const workflow = useWorkflow();
  const [manualPending, setManualPending] = useState(false);

  if (status === 'bank_manually_insert') {
    return <ManualBankInput />;
  }

  const provideManually = async () => {
    setManualPending(true);
    try {
      const { new_status } = await postChangeStatus(pathname.includes('application') ? 'bank_manual_input' : 'bank_manually_insert');
      moveToStatus(new_status);
    } catch (error) {
      const current = refusedCurrentStatus(error);
      if (current) adoptRefusedStatus(current);
    } finally {
      setManualPending(false);
    }
  };

  return (
    <BankLink
      onLinked={moveToStatus}
      onProvideManually={() => void provideManually()}
      manualPending={manualPending}
      onBack={() => void workflow.back()}
      backPending={workflow.pending === 'back'}
      onRefused={adoptRefusedStatus}
    />
  );
}
