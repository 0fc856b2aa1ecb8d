import { EmployerStep } from '../../features/employer/components/employer-step';
import { adoptRefusal, followStatus, useWorkflow } from '../workflow';

/** /application/employer (status employer): employer and income, step 1. */
export function Component() {
  const workflow = useWorkflow();
  return (
    <EmployerStep
      onDone={(status) => {
        // Spec §4 "the client navigates to it"; a forward move joins the stack.
        if (status !== 'employer') followStatus(status);
      }}
      onRefused={adoptRefusal}
      onBack={() => void workflow.back()}
      backPending={workflow.pending === 'back'}
    />
  );
}
