import { notify } from '@payrail/ui/toast/notify';
import { ApplicationReview } from '../../features/application-review/components/application-review';
import { useSession } from '../../lib/session-store';
import { agreementLink } from '../agreement-links';
import { adoptRefusal, followStatus, useWorkflow } from '../workflow';

export const APPLICATION_CONFIRMED = 'Your application was sent for review.';
/** The automated review pre-approved the application (ready_for_review → select_repay_method). */
export const APPLICATION_PRE_APPROVED = 'Good news: you are pre-approved! Next, choose how you will repay your loan, then sign your loan agreement.';

/** What the borrower is told after confirming: pre-approved when the review moved them on to repayment. */
export function confirmationMessage(newStatus: string): string {
  return newStatus === 'select_repay_method' ? APPLICATION_PRE_APPROVED : APPLICATION_CONFIRMED;
}

/** /application/application_review (status application_review). */
export function Component() {
  const status = useSession((state) => state.user?.workflow_status);
  const workflow = useWorkflow();
  return (
    <ApplicationReview
      readOnly={status === 'refinancing_review'}
      onBack={() => void workflow.back()}
      backPending={workflow.pending === 'back'}
      onConfirmed={({ new_status }) => {
        notify.success(confirmationMessage(new_status));
        followStatus(new_status);
      }}
      creditPullLink={agreementLink('credit_pull_authorization', 'Credit Pull Authorization')}
      onRefused={adoptRefusal}
    />
  );
}
