import { EmployerStep } from '../../features/employer/components/employer-step';
import { refusedCurrentStatus } from '../../features/workflow/api/change-status';
import { followStatus, useWorkflow } from '../workflow';

/** /application/employer (status employer): employer and income, step 1. */
export function Component() {
  const workflow = useWorkflow();
  return (
    <EmployerStep
      onDone={(status) => {
        // Spec §4 "the client navigates to it"; a forward move joins the stack.
        if (status !== 'employer') followStatus(status);
      }}
      onRefused={(error) => {
        const current = refusedCurrentStatus(error);
        if (current) followStatus(current, { refused: true });
        return current !== null;
      }}
      onBack={() => void workflow.back()}
      backPending={workflow.pending === 'back'}
    />
  );
}
