import { useEffect, useId, useMemo, useState } from 'react';
import type { FormEvent } from 'react';
import { Container } from '../../../components/layout/container';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Checkbox } from '../../../components/ui/checkbox';
import { LoadingBlock, Spinner } from '../../../components/ui/spinner';
import { TextField } from '../../../components/ui/text-field';
import { notify } from '../../../components/ui/toast/notify';
import { isApiError } from '../../../lib/http-client';
import { useAgreementFile, useEsignature, useSign } from '../api/esignature-api';
import type { TEsignAgreement, TEsignature, TSignResponse } from '../api/esignature-api';
import { PARTNER_AUTHORIZATION, PROMISSORY_NOTE, signatureFontSize, signatureMatches } from '../lib/signature';
import { AgreementFileLink } from './agreement-file-link';
import { LoanTermsReview } from './loan-terms-review';
import styles from './esignature.module.css';

export const ESIGN_TEXT = {
  loadError: 'We could not load your loan documents. Please refresh the page and try again.',
  noteError: 'We could not load your promissory note. Please refresh the page and try again.',
  signError: 'We could not sign your loan agreement. Please try again.',
  nameMismatch: 'Type your full name exactly as shown in the signature.',
  signed: 'Your loan agreement was signed.',
} as const;

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
        <Alert kind="error">{ESIGN_TEXT.loadError}</Alert>
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
  return <EsignatureForm data={query.data} onSigned={onSigned} onRefused={onRefused} />;
}

function agreementLabel(agreement: TEsignAgreement): string {
  return agreement.title;
}

function EsignatureForm({ data, onSigned, onRefused }: { data: TEsignature } & EsignaturePageProps) {
  const note = data.agreements.find((a) => a.name === PROMISSORY_NOTE);
  const others = data.agreements.filter((a) => a.name !== PROMISSORY_NOTE);
  const file = useAgreementFile(note);
  const noteUrl = useMemo(() => (file.data ? URL.createObjectURL(file.data) : undefined), [file.data]);
  useEffect(() => () => {
    if (noteUrl) URL.revokeObjectURL(noteUrl);
  }, [noteUrl]);

  const [agreed, setAgreed] = useState(true);
  const [typed, setTyped] = useState('');
  const [nameError, setNameError] = useState<string | undefined>();
  const [formError, setFormError] = useState<string | undefined>();
  const sign = useSign();
  const gateId = useId();

  const fullName = data.signature.full_name;
  const fontSize = data.signature.font_size || signatureFontSize(fullName);
  const noteLoaded = Boolean(noteUrl);
  const blocked = !agreed || !noteLoaded;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (blocked || sign.isPending) return;
    setFormError(undefined);
    if (!signatureMatches(typed, fullName)) {
      setNameError(ESIGN_TEXT.nameMismatch);
      return;
    }
    setNameError(undefined);
    try {
      const answer = await sign.mutateAsync({ noteId: note?.id, signatureName: typed.trim().replace(/\s+/g, ' ') });
      notify.success(ESIGN_TEXT.signed);
      onSigned(answer);
    } catch (error) {
      if (!isApiError(error)) return setFormError(ESIGN_TEXT.signError);
      if (error.status === 401 || error.status === 403 || error.status === 503) return;
      const current = typeof (error.data as { current_status?: unknown } | undefined)?.current_status === 'string' ? (error.data as { current_status: string }).current_status : null;
      if (current) return onRefused(current);
      const fieldText = error.fieldError('signature_name');
      if (fieldText) return setNameError(fieldText);
      setFormError(error.serverMessage ?? ESIGN_TEXT.signError);
    }
  };

  const partner = others.some((a) => a.name === PARTNER_AUTHORIZATION);

  return (
    <Container width="narrow" className={styles.page}>
      <h1>E-signature</h1>
      <p className={styles.lead}>Review your loan terms and the promissory note, then sign with your full name to submit your application.</p>
      <LoanTermsReview terms={data.loan_terms} />

      <section className={styles.section} aria-labelledby="esign-note-title">
        <h2 id="esign-note-title">Promissory note</h2>
        {file.isError ? (
          <Alert kind="error">{ESIGN_TEXT.noteError}</Alert>
        ) : noteUrl && note ? (
          <p>
            <AgreementFileLink agreement={note} blobUrl={noteUrl}>
              Open the promissory note (PDF)
            </AgreementFileLink>
          </p>
        ) : (
          <Spinner label="Loading your promissory note…" size="sm" />
        )}
      </section>

      <form className={styles.section} aria-labelledby="esign-sign-title" noValidate onSubmit={(event) => void submit(event)}>
        <h2 id="esign-sign-title">Your signature</h2>
        <figure className={styles.signatureBox}>
          <p className={styles.signature} style={{ fontSize: `${fontSize}px` }} data-testid="signature-preview">
            {fullName}
          </p>
          <figcaption className={styles.signatureCaption}>Signature of {fullName}</figcaption>
        </figure>
        <TextField
          label="Type your full name to sign"
          hint={`Type ${fullName} as your electronic signature.`}
          autoComplete="name"
          value={typed}
          onChange={(event) => {
            setTyped(event.target.value);
            setNameError(undefined);
          }}
          error={nameError}
          maxLength={200}
        />
        <Checkbox
          checked={agreed}
          onChange={(event) => setAgreed(event.target.checked)}
          label={
            <>
              I have read and agree to the {note ? <AgreementFileLink agreement={note} blobUrl={noteUrl}>{agreementLabel(note)}</AgreementFileLink> : 'loan agreement'}
              {others.map((agreement, index) => (
                <span key={agreement.id}>
                  {index === others.length - 1 ? ' and the ' : ', the '}
                  <AgreementFileLink agreement={agreement}>{agreementLabel(agreement)}</AgreementFileLink>
                </span>
              ))}
              .
            </>
          }
          hint={partner ? 'Your employer is a partner: the authorization and instructions document lets your employer send your payments from your pay.' : undefined}
        />
        {formError ? <Alert kind="error">{formError}</Alert> : null}
        <div className={styles.actions}>
          <Button id="esignature-confirm" type="submit" size="lg" fullWidth disabled={blocked} loading={sign.isPending} aria-describedby={blocked ? gateId : undefined}>
            Sign and submit
          </Button>
          {blocked ? (
            <p id={gateId} className={styles.hint}>
              {!noteLoaded ? 'Wait for your promissory note to load.' : 'Agree to the loan agreement to sign.'}
            </p>
          ) : null}
        </div>
      </form>
    </Container>
  );
}
