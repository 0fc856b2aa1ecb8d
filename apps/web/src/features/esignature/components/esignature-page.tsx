import { useEffect, useMemo } from 'react';
import { z } from 'zod';
import { Container } from '@payrail/ui/container';
import { Alert } from '@payrail/ui/alert';
import { Button } from '@payrail/ui/button';
import { Checkbox } from '@payrail/ui/checkbox';
import { Form, FormError } from '@payrail/ui/form';
import { StepActions } from '@payrail/ui/step-actions';
import { LoadingBlock, Spinner } from '@payrail/ui/spinner';
import { notify } from '@payrail/ui/toast/notify';
import { isApiError } from '@payrail/client/http-client';
import { refusedStatus } from '@payrail/client/workflow-refusal';
import { useAgreementFile, useEsignature, useSign } from '../api/esignature-api';
import type { TEsignAgreement, TEsignature, TSignResponse } from '../api/esignature-api';
import { DOCUMENT_EMBED_HEIGHT, PARTNER_AUTHORIZATION, PROMISSORY_NOTE, signatureFontSize } from '../lib/signature';
import { AgreementFileLink } from './agreement-file-link';
import { LoanTermsReview } from './loan-terms-review';
import styles from './esignature.module.css';

export const ESIGN_TEXT = {
  loadError: 'We could not load your loan documents. Please try again.',
  noteError: 'We could not load your promissory note. Please try again.',
  noteMissing: 'Your promissory note is not ready yet. Please try again.',
  signError: 'We could not sign your loan agreement. Please try again.',
  gateNoteLoading: 'Wait for your promissory note to load.',
  gateNoteFailed: 'Your promissory note must load before you sign: use Retry above.',
  gateAgree: 'Agree to the loan agreement to sign.',
  signed: 'Your loan agreement was signed.',
} as const;

/** The signing form: the agreement box (ticked at first); the signature itself is the name the server answered. */
const esignFormSchema = z.object({ agreed: z.boolean() });

/** A failed signing's message: the server's word on the signature, its message, or ours. */
function signErrorMessage(error: unknown): string {
  if (!isApiError(error)) return ESIGN_TEXT.signError;
  return error.fieldError('signature_name') ?? error.serverMessage ?? ESIGN_TEXT.signError;
}

export interface EsignaturePageProps {
  /** The note is signed: adopt the answered status and leave the page. */
  onSigned: (answer: TSignResponse) => void;
  /** A refused signing (422 with current_status): adopt it. */
  onRefused: (currentStatus: string) => void;
}

/** E-signature (spec §2, §4, §5): review the terms, read the note, agree and sign. */
export function EsignaturePage({ onSigned, onRefused }: EsignaturePageProps) {
  const query = useEsignature();
  if (query.isError) {
    return (
      <Container width="narrow" className={styles.page}>
        <h1>E-signature</h1>
        <div className={styles.retry}>
          <Alert kind="error">{ESIGN_TEXT.loadError}</Alert>
          <Button variant="secondary" onClick={() => void query.refetch()} loading={query.isFetching}>
            Retry
          </Button>
        </div>
      </Container>
    );
  }
  if (!query.data) {
    return (
      <Container width="narrow" className={styles.page}>
        <h1>E-signature</h1>
        <LoadingBlock label="Loading your loan agreement…" />
      </Container>
    );
  }
  return <EsignatureForm data={query.data} onSigned={onSigned} onRefused={onRefused} onRetryLoad={() => void query.refetch()} />;
}

function agreementLabel(agreement: TEsignAgreement): string {
  return agreement.title;
}

function EsignatureForm({ data, onSigned, onRefused, onRetryLoad }: { data: TEsignature; onRetryLoad: () => void } & EsignaturePageProps) {
  const note = data.agreements.find((a) => a.name === PROMISSORY_NOTE);
  const others = data.agreements.filter((a) => a.name !== PROMISSORY_NOTE);
  const file = useAgreementFile(note);
  const noteUrl = useMemo(() => (file.data ? URL.createObjectURL(file.data) : undefined), [file.data]);
  useEffect(
    () => () => {
      if (noteUrl) URL.revokeObjectURL(noteUrl);
    },
    [noteUrl],
  );

  const sign = useSign();

  const fullName = data.signature.full_name;
  const fontSize = data.signature.font_size || signatureFontSize(fullName);
  const noteLoaded = Boolean(noteUrl);
  // The note is missing from the list or its file failed: say so and offer Retry (never an endless wait).
  const noteFailed = !note || file.isError;

  const retryNote = () => {
    if (!note) onRetryLoad();
    else void file.refetch();
  };

  const submit = async ({ agreed }: { agreed: boolean }) => {
    if (!agreed || !noteLoaded || sign.isPending) return;
    try {
      // Spec §2/§5: the signature is the full name the server answered; the server checks it again.
      const answer = await sign.mutateAsync({ noteId: note?.id, signatureName: fullName });
      notify.success(ESIGN_TEXT.signed);
      onSigned(answer);
    } catch (error) {
      // The session and maintenance answers are handled globally; a refused move opens the current status's page.
      if (isApiError(error) && (error.status === 401 || error.status === 403 || error.status === 503)) return;
      const current = refusedStatus(error);
      if (current) return onRefused(current);
      throw error;
    }
  };

  const partner = others.some((a) => a.name === PARTNER_AUTHORIZATION);
  const gateText = !noteLoaded ? (noteFailed ? ESIGN_TEXT.gateNoteFailed : ESIGN_TEXT.gateNoteLoading) : ESIGN_TEXT.gateAgree;

  return (
    <Container width="narrow" className={styles.page}>
      <h1>E-signature</h1>
      <p className={styles.lead}>Review your loan terms and the promissory note, then sign to submit your application.</p>
      <LoanTermsReview terms={data.loan_terms} />

      <section className={styles.section} aria-labelledby="esign-note-title">
        <h2 id="esign-note-title">Promissory note</h2>
        {noteFailed ? (
          <div className={styles.retry}>
            <Alert kind="error">{note ? ESIGN_TEXT.noteError : ESIGN_TEXT.noteMissing}</Alert>
            <Button variant="secondary" onClick={retryNote} loading={file.isFetching}>
              Retry
            </Button>
          </div>
        ) : noteUrl ? (
          <>
            {/* The note embedded on the page, 500 px tall (access §9); the link opens it full size. */}
            <iframe className={styles.embed} src={noteUrl} title="Promissory note" height={DOCUMENT_EMBED_HEIGHT} />
            <p>
              <AgreementFileLink agreement={note} blobUrl={noteUrl}>
                Open the promissory note (PDF)
              </AgreementFileLink>
            </p>
          </>
        ) : (
          <Spinner label="Loading your promissory note…" size="sm" />
        )}
      </section>

      <Form
        className={styles.section}
        aria-labelledby="esign-sign-title"
        schema={esignFormSchema}
        options={{ defaultValues: { agreed: true } }}
        submitError={signErrorMessage}
        onSubmit={submit}
      >
        {({ register, watch }) => {
          const blocked = !watch('agreed') || !noteLoaded;
          return (
            <>
              <h2 id="esign-sign-title">Your signature</h2>
              <figure className={styles.signatureBox}>
                <p className={styles.signature} style={{ fontSize: `${fontSize}px` }} data-testid="signature-preview">
                  {fullName}
                </p>
                <figcaption className={styles.signatureCaption}>Electronic signature of {fullName}</figcaption>
              </figure>
              <Checkbox
                {...register('agreed')}
                label={
                  <>
                    I have read and agree to the{' '}
                    {note ? (
                      <AgreementFileLink agreement={note} blobUrl={noteUrl}>
                        {agreementLabel(note)}
                      </AgreementFileLink>
                    ) : (
                      'loan agreement'
                    )}
                    {others.map((agreement, index) => (
                      <span key={agreement.id}>
                        {index === others.length - 1 ? ' and the ' : ', the '}
                        <AgreementFileLink agreement={agreement}>{agreementLabel(agreement)}</AgreementFileLink>
                      </span>
                    ))}
                    , and I sign them electronically with the signature above.
                  </>
                }
                hint={
                  partner
                    ? 'Your employer is a partner: the authorization and instructions document lets your employer send your payments from your pay.'
                    : undefined
                }
              />
              <FormError />
              <StepActions
                submitId="esignature-confirm"
                submitLabel="Sign and submit"
                disabled={blocked}
                pending={sign.isPending}
                hint={blocked ? gateText : undefined}
              />
            </>
          );
        }}
      </Form>
    </Container>
  );
}
