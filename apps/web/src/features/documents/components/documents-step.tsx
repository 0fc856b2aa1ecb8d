import { useState } from 'react';
import { REQUIRED_DOCUMENT_TYPES } from '@payrail/contract/documents';
import type { DocumentTypeName, TDocument } from '@payrail/contract/documents';
import { DocumentUpload } from '../../../components/documents/document-upload';
import { Container } from '@payrail/ui/container';
import text from '@payrail/ui/styles/text.module.css';
import { Alert } from '@payrail/ui/alert';
import { LoadingBlock } from '@payrail/ui/spinner';
import { StepActions } from '@payrail/ui/step-actions';
import { useRequiredDocuments } from '../../../api/documents';
import { useBorrowerEmployer } from '../../../api/get-borrower-employer';
import { DOCUMENT_LABELS } from '@payrail/contract/documents';
import { ACCEPTED_FILES_TEXT, DOCUMENT_HINTS } from '../lib/document-types';
import { PayStubHelp, PayStubVideoDialog, PostalPayStubDialog } from './pay-stub-help';
import styles from './documents.module.css';

export interface DocumentsStepProps {
  /** Continue: the page advances the workflow (and shows the success notification). */
  onContinue: () => Promise<unknown>;
  onBack?: () => void;
  backPending?: boolean;
}

/**
 * Documents, step 3 (spec §2, §5): one upload widget per required type; Continue once every required
 * type has a file, or at once for a partner employer (`optional`).
 */
export function DocumentsStep({ onContinue, onBack, backPending }: DocumentsStepProps) {
  const required = useRequiredDocuments();
  const employer = useBorrowerEmployer();
  const [counts, setCounts] = useState<Partial<Record<DocumentTypeName, number>>>({});
  const [continuing, setContinuing] = useState(false);
  const [postalOpen, setPostalOpen] = useState(false);
  const [videoOpen, setVideoOpen] = useState(false);

  if (required.isError) {
    return (
      <Container width="narrow" className={styles.page}>
        <h1>Documents</h1>
        <Alert kind="error">We could not load the documents we need. Please refresh the page and try again.</Alert>
      </Container>
    );
  }
  if (!required.data) return <LoadingBlock label="Loading your documents…" />;

  const flags = required.data;
  const types = REQUIRED_DOCUMENT_TYPES.filter((type) => flags[type]);
  const missing = types.filter((type) => !counts[type]);
  const blocked = !flags.optional && missing.length > 0;

  const track = (type: DocumentTypeName) => (documents: TDocument[]) =>
    setCounts((current) => (current[type] === documents.length ? current : { ...current, [type]: documents.length }));

  const submit = async () => {
    setContinuing(true);
    try {
      await onContinue();
    } catch {
      // The global handler (or the workflow) already told the borrower.
    } finally {
      setContinuing(false);
    }
  };

  return (
    <Container width="narrow" className={styles.page}>
      <section className={styles.card} aria-labelledby="documents-title">
        <h1 id="documents-title">Documents</h1>
        <p className={text.lead}>Upload a file for each document below. You can add more than one file per document. {ACCEPTED_FILES_TEXT}</p>
        {flags.optional ? <Alert kind="info">Your employer is a partner: documents are optional, you may continue without them.</Alert> : null}
        <div className={styles.uploads}>
          {types.map((type) => (
            <DocumentUpload
              key={type}
              type={type}
              label={DOCUMENT_LABELS[type]}
              hint={
                type === 'pay_stub' ? (
                  <PayStubHelp employer={employer.data?.employer ?? null} onOpenPostal={() => setPostalOpen(true)} onOpenVideo={() => setVideoOpen(true)} />
                ) : (
                  DOCUMENT_HINTS[type]
                )
              }
              onChange={track(type)}
            />
          ))}
        </div>
        <StepActions
          onSubmit={() => void submit()}
          disabled={blocked}
          pending={continuing}
          hint={blocked ? `Upload at least one file for: ${missing.map((type) => DOCUMENT_LABELS[type]).join(', ')}.` : null}
          onBack={onBack}
          backPending={backPending}
        />
      </section>
      <PostalPayStubDialog open={postalOpen} onClose={() => setPostalOpen(false)} />
      <PayStubVideoDialog open={videoOpen} onClose={() => setVideoOpen(false)} />
    </Container>
  );
}
