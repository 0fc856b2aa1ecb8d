import { notify } from '@payrail/ui/toast/notify';
import { acceptCreditPull } from '../../features/application-review/api/accept-credit-pull';
import { DocumentReviewStep } from '../../features/documents/components/document-review-step';
import { refusedCurrentStatus } from '../../features/workflow/api/change-status';
import { agreementLink } from '../agreement-links';
import { followStatus } from '../workflow';

export const DOCUMENT_REVIEW_SENT = 'Your document was sent for review.';

/** /application/document_review (status document_review). */
export function Component() {
  return (
    <DocumentReviewStep
      acceptCreditPull={acceptCreditPull}
      creditPullLink={agreementLink('credit_pull_authorization', 'Credit Pull Authorization')}
      onReviewed={({ new_status }) => {
        notify.success(DOCUMENT_REVIEW_SENT);
        followStatus(new_status);
      }}
      onRefused={(error) => {
        const current = refusedCurrentStatus(error);
        if (current) followStatus(current, { refused: true });
        return current !== null;
      }}
    />
  );
}
