import { ManualBankEntry } from '../../features/banking/components/manual-bank-form';
import { useWorkflow } from '../workflow';
import { adoptRefusedStatus, moveToStatus } from '../workflow';

/** /application/bank_input (statuses bank_input, bank_manual_input): manual bank entry; Save verifies and confirms. */
export function Component() {
  const workflow = useWorkflow();
  return (
    <ManualBankEntry
      after="confirm"
      onDone={(next) => next && moveToStatus(next)}
      onRefused={adoptRefusedStatus}
      onBack={() => void workflow.back()}
      backPending={workflow.pending === 'back'}
    />
  );
}
