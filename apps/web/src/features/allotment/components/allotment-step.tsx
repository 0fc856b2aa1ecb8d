import { useState } from 'react';
import { DOCUMENT_LABELS, DOCUMENT_TYPE_NAMES } from '@payrail/contract/documents';
import type { DocumentTypeName, TDocument } from '@payrail/contract/documents';
import type { ZStatusResponse } from '@payrail/contract/identity';
import type { z } from 'zod';
import { DocumentUpload } from '../../../components/documents/document-upload';
import { Container } from '@payrail/ui/container';
import text from '@payrail/ui/styles/text.module.css';
import { Alert } from '@payrail/ui/alert';
import { ErrorAlert } from '@payrail/ui/error-alert';
import { Button } from '@payrail/ui/button';
import { LoadingBlock } from '@payrail/ui/spinner';
import { StepActions } from '@payrail/ui/step-actions';
import { notify } from '@payrail/ui/toast/notify';
import { BRAND } from '../../../lib/brand';
import { isApiError } from '@payrail/client/http-client';
import { refusedStatus } from '@payrail/client/workflow-refusal';
import { useBorrowerEmployer } from '../../../api/get-borrower-employer';
import { useFeedbackIfAny } from '../../../api/get-feedback';
import { continueAllotment, emailAllotmentInstructions, useAllotmentInstructions } from '../api/allotment-api';
import { allotmentWording, payrollPortals } from '../lib/wording';
import { QuickGuideDialog } from './quick-guide-dialog';
import styles from './allotment.module.css';

const isDocumentType = (name: string): name is DocumentTypeName => (DOCUMENT_TYPE_NAMES as readonly string[]).includes(name);

export interface AllotmentStepProps {
  /** allotment_needed (upload and continue) or review_allotment (in analysis). */
  status: string;
  refinancing?: boolean;
  /** Continue moved the application (review_allotment): the page goes home. */
  onContinued: (answer: z.infer<typeof ZStatusResponse>) => void;
  /** A refusal that moved the application elsewhere: the page adopts it; true when handled. */
  onRefused: (error: unknown) => boolean;
  onHome: () => void;
}

/**
 * Allotment / split direct deposit (spec §2, §4, §5): the instructions (e-mailed on the first view),
 * the reviewer's message, the four-step quick guide, an allotment upload plus one per document the
 * reviewer asked for; Continue needs a file in each. In review_allotment it is in analysis.
 */
export function AllotmentStep({ status, refinancing, onContinued, onRefused, onHome }: AllotmentStepProps) {
  const borrowerEmployer = useBorrowerEmployer();
  const instructions = useAllotmentInstructions();
  const feedback = useFeedbackIfAny();
  const [guideOpen, setGuideOpen] = useState(false);
  const [counts, setCounts] = useState<Partial<Record<DocumentTypeName, number>>>({});
  const [continuing, setContinuing] = useState(false);
  const [emailing, setEmailing] = useState(false);
  const [error, setError] = useState<string | null>(null);

  if (borrowerEmployer.isPending || feedback.isPending) return <LoadingBlock label="Loading your repayment set-up…" />;
  const employer = borrowerEmployer.data?.employer ?? null;
  const wording = allotmentWording(employer);
  const inAnalysis = status === 'review_allotment';
  const extraTypes = Object.keys(feedback.data?.fields.documents ?? {})
    .filter(isDocumentType)
    .filter((type) => type !== 'allotment');
  const needed: DocumentTypeName[] = ['allotment', ...extraTypes];
  const missing = needed.filter((type) => !counts[type]);
  const blocked = missing.length > 0;
  const labelOf = (type: DocumentTypeName) => (type === 'allotment' ? wording.title : DOCUMENT_LABELS[type]);

  const track = (type: DocumentTypeName) => (documents: TDocument[]) =>
    setCounts((current) => (current[type] === documents.length ? current : { ...current, [type]: documents.length }));

  const submit = async () => {
    setError(null);
    setContinuing(true);
    try {
      onContinued(await continueAllotment());
    } catch (failure) {
      if (isApiError(failure) && [401, 403, 503].includes(failure.status)) return;
      const message = isApiError(failure) ? failure.serverMessage : undefined;
      // The refusal for a missing file keeps the status; only a different status moves the page.
      if (refusedStatus(failure) !== status && onRefused(failure)) return;
      setError(message ?? 'We could not continue. Please refresh the page and try again.');
    } finally {
      setContinuing(false);
    }
  };

  const emailAgain = async () => {
    setEmailing(true);
    try {
      const { email } = await emailAllotmentInstructions();
      notify.success(`We sent the instructions to ${email}.`);
    } catch {
      notify.error('We could not send the instructions. Please try again.');
    } finally {
      setEmailing(false);
    }
  };

  return (
    <Container width="narrow" className={styles.page}>
      <h1 className={text.title}>{inAnalysis ? wording.inAnalysis : wording.heading}</h1>
      {inAnalysis ? (
        <Alert kind="warning" title={wording.inAnalysis}>
          We received your {wording.noun} and our team is checking it. A review usually takes 24-48 hours; we will e-mail you when it is done.
        </Alert>
      ) : (
        <p className={text.lead}>
          Your loan is repaid from your paycheck. Set up the {wording.noun} with your payroll office, then upload its confirmation here.
        </p>
      )}

      {feedback.data?.message ? (
        <Alert kind="warning" title="Message from our review team">
          {feedback.data.message}
        </Alert>
      ) : null}

      {refinancing ? (
        <p className={text.lead}>
          Questions about your refinance? Call customer service at <a href={BRAND.supportPhoneHref}>{BRAND.supportPhone}</a>.
        </p>
      ) : null}

      <section className={styles.card} aria-labelledby="allotment-instructions-title">
        <div className={styles.cardHeader}>
          <h2 id="allotment-instructions-title" className={styles.cardTitle}>
            Your {wording.noun} instructions
          </h2>
          <Button variant="secondary" size="sm" onClick={() => setGuideOpen(true)}>
            Open the quick guide
          </Button>
        </div>
        {instructions.data !== undefined ? (
          <Alert kind="info">We e-mailed these instructions to you, so you can follow them in your payroll portal.</Alert>
        ) : null}
        {instructions.isError ? <Alert kind="error">We could not load your instructions. Please refresh the page and try again.</Alert> : null}
        {instructions.isPending ? <LoadingBlock label="Loading your instructions…" /> : null}
        {instructions.data !== undefined ? (
          // The server renders this fragment from its own data, every value escaped (allotment-instructions.ts).
          <div className={styles.instructions} dangerouslySetInnerHTML={{ __html: instructions.data }} />
        ) : null}
        <Button variant="ghost" size="sm" loading={emailing} onClick={() => void emailAgain()}>
          E-mail the instructions again
        </Button>
      </section>

      {!inAnalysis ? (
        <section className={styles.card} aria-labelledby="allotment-upload-title">
          <h2 id="allotment-upload-title" className={styles.cardTitle}>
            Upload your documents
          </h2>
          <div className={styles.uploads}>
            {needed.map((type) => (
              <DocumentUpload
                key={type}
                type={type}
                label={labelOf(type)}
                hint={
                  type === 'allotment'
                    ? `The confirmation of your ${wording.noun} from your payroll portal (.jpg, .png or .pdf).`
                    : 'Requested by our review team.'
                }
                onChange={track(type)}
              />
            ))}
          </div>
          <ErrorAlert message={error} />
          <StepActions
            className={styles.stepActions}
            onSubmit={() => void submit()}
            disabled={blocked}
            pending={continuing}
            hint={blocked ? `Upload at least one file for: ${missing.map(labelOf).join(', ')}.` : null}
          />
        </section>
      ) : (
        <div className={styles.actions}>
          <Button size="lg" fullWidth onClick={onHome}>
            Go to your application status
          </Button>
        </div>
      )}

      <QuickGuideDialog open={guideOpen} onClose={() => setGuideOpen(false)} wording={wording} portals={payrollPortals(employer)} />
    </Container>
  );
}
