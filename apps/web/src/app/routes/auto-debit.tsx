import { AutoDebit } from '../../features/repayment/components/auto-debit';
import { agreementLink } from '../agreement-links';
import { adoptRefusal, moveToStatus, useWorkflow } from '../workflow';

/** /auto_debit (status auto_debit_needed): Continue → esignature_needed → /esignature. */
export function Component() {
  const workflow = useWorkflow();
  return (
    <AutoDebit
      disclosureLink={(label) => agreementLink('auto_debit_disclosure', label)}
      onDone={moveToStatus}
      onRefused={adoptRefusal}
      onBack={() => void workflow.back()}
      backPending={workflow.pending === 'back'}
    />
  );
}
