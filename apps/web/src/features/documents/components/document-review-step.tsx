import { type ReactNode, useState } from 'react';
import { APPLICATION_MSG, type TOkStatusResponse } from '@payrail/contract/application';
import { DocumentUpload } from '../../../components/documents/document-upload';
import { Container } from '@payrail/ui/container';
import text from '@payrail/ui/styles/text.module.css';
import { ErrorAlert } from '@payrail/ui/error-alert';
import { Checkbox } from '@payrail/ui/checkbox';
import { StepActions } from '@payrail/ui/step-actions';
import { isApiError } from '@payrail/client/http-client';
import { useReview } from '../../../api/get-review';
import { DOCUMENT_LABELS } from '@payrail/contract/documents';
import { ACCEPTED_FILES_TEXT, DOCUMENT_HINTS } from '../lib/document-types';
import styles from './documents.module.css';

/** `documents.pay_stub` → "Pay stub"; other fields by their words. */
function fieldLabel(field: string): string {
  const type = field.startsWith('documents.') ? field.slice('documents.'.length) : field;
  const label = (DOCUMENT_LABELS as Readonly<Record<string, string>>)[type];
  if (label) return label;
  const words = field.replace(/[._]/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export interface DocumentReviewStepProps {
  /** The review moved the application: the page notifies and opens the status's page. */
  onReviewed: (answer: TOkStatusResponse) => void;
  /** A refused call (422 `{ error, current_status }`): the page adopts the status. */
  onRefused: (error: unknown) => boolean;
  /**
   * Records the borrower's credit pull authorization. Asked for only when the review answers that it is
   * missing (an application sent here before its review was confirmed): the review runs the credit check.
   */
  acceptCreditPull: () => Promise<unknown>;
  /** The link to the Credit Pull Authorization document. */
  creditPullLink: ReactNode;
}

/** Document review (spec §2): a social security document upload, then Continue runs the review. */
export function DocumentReviewStep({ onReviewed, onRefused, acceptCreditPull, creditPullLink }: DocumentReviewStepProps) {
  const review = useReview();
  const [count, setCount] = useState(0);
  const [error, setError] = useState<string | null>(null);
  // Shown once the review says the credit pull authorization is missing; then Continue waits for it.
  const [creditPullAsked, setCreditPullAsked] = useState(false);
  const [creditPull, setCreditPull] = useState(false);
  const blockedReason =
    count === 0
      ? `Upload at least one file for: ${DOCUMENT_LABELS.social_security_document}.`
      : creditPullAsked && !creditPull
        ? 'Authorize the credit pull before continuing.'
        : null;
  const blocked = blockedReason !== null;

  const submit = async () => {
    setError(null);
    try {
      if (creditPullAsked) await acceptCreditPull();
      onReviewed(await review.mutateAsync());
    } catch (failure) {
      if (onRefused(failure)) return;
      if (isApiError(failure) && [401, 403, 503].includes(failure.status)) return;
      if (isApiError(failure) && failure.serverMessage === APPLICATION_MSG.creditPullMissing) setCreditPullAsked(true);
      const [field, messages] = isApiError(failure) ? (Object.entries(failure.fieldErrors)[0] ?? []) : [];
      const fieldText = field && messages?.[0] ? `${fieldLabel(field)}: ${messages[0]}` : undefined;
      setError(fieldText ?? (isApiError(failure) ? failure.serverMessage : undefined) ?? 'We could not send your documents. Please try again.');
    }
  };

  return (
    <Container width="narrow" className={styles.page}>
      <section className={styles.card} aria-labelledby="document-review-title">
        <h1 id="document-review-title">Document Review</h1>
        <p className={text.lead}>We need one more document to finish reviewing your application. {ACCEPTED_FILES_TEXT}</p>
        <div className={styles.uploads}>
          <DocumentUpload
            type="social_security_document"
            label={DOCUMENT_LABELS.social_security_document}
            hint={DOCUMENT_HINTS.social_security_document}
            onChange={(documents) => setCount(documents.length)}
          />
        </div>
        <ErrorAlert message={error} />
        <StepActions
          before={
            creditPullAsked ? (
              <Checkbox
                checked={creditPull}
                onChange={(e) => setCreditPull(e.target.checked)}
                label={<>I authorize Payrail and its partner bank to obtain my credit report to review this application ({creditPullLink}).</>}
              />
            ) : null
          }
          onSubmit={() => void submit()}
          disabled={blocked}
          pending={review.isPending}
          hint={blockedReason}
        />
      </section>
    </Container>
  );
}
