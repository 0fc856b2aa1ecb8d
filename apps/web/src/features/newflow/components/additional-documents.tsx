import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { DOCUMENT_LABELS } from '@payrail/contract/documents';
import { MSG } from '@payrail/contract/messages';
import { ZAdditionalDocumentsData } from '@payrail/contract/newflow';
import type { z } from 'zod';
import { ErrorAlert } from '@payrail/ui/error-alert';
import { Button } from '@payrail/ui/button';
import { TextField } from '@payrail/ui/text-field';
import { MaskedTextField } from '@payrail/ui/masked-text-field';
import { stepKey, useSubmitStep } from '../api/steps';
import { usToIso, zipValid } from '../lib/rules';
import { toUpload } from '../lib/upload-rules';
import { FilePick } from './file-pick';
import { StepCard } from './step-card';
import { StepScreen } from './step-states';
import styles from './newflow.module.css';

type DocumentsData = z.infer<typeof ZAdditionalDocumentsData>;
type DocumentType = DocumentsData['required_documents'][number];

/** What each slot asks for; the names come from the contract's DOCUMENT_LABELS. */
const DOCUMENT_HINTS: Readonly<Record<DocumentType, string>> = {
  driver_license: 'A photo of the front of your license.',
  proof_of_address: 'A bill or bank statement showing your address.',
  selfie_photo: 'A clear photo of your face.',
};

/** A typed MM/DD/YYYY date, or the message. */
function statementDateError(text: string): string | undefined {
  if (!text) return MSG.required;
  return /^\d{2}\/\d{2}\/\d{4}$/.test(text) && !Number.isNaN(Date.parse(usToIso(text))) ? undefined : MSG.invalidDate;
}

function DocumentSlot({ type, data, onUploaded }: { type: DocumentType; data: DocumentsData; onUploaded: () => void }) {
  const { submit, pending } = useSubmitStep();
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | undefined>();
  const [facts, setFacts] = useState({ statement_date: '', address: data.address.address ?? '', zip_code: data.address.zip_code ?? '' });
  const [factErrors, setFactErrors] = useState<Record<string, string>>({});
  const stored = data.uploaded.filter((item) => item.file_type === type);
  const isAddress = type === 'proof_of_address';
  const label = { title: DOCUMENT_LABELS[type], hint: DOCUMENT_HINTS[type] };

  const factsMissing = isAddress
    ? {
        statement_date: statementDateError(facts.statement_date),
        address: facts.address.trim() ? undefined : MSG.required,
        zip_code: zipValid(facts.zip_code) ? undefined : 'Enter the 5-digit zip code.',
      }
    : {};
  const canSend = file !== null && Object.values(factsMissing).every((value) => !value);

  const send = async () => {
    if (!file) return;
    setError(undefined);
    setFactErrors({});
    const body: Record<string, unknown> = { workflow_status_key: 'additional_documents', [type]: await toUpload(file, type) };
    if (isAddress) body.proof_of_address_facts = { statement_date: usToIso(facts.statement_date), address: facts.address.trim(), zip_code: facts.zip_code };
    const outcome = await submit(body as { workflow_status_key: string }, { stay: true });
    if (outcome.kind === 'moved') {
      setFile(null);
      onUploaded();
    } else if (outcome.kind === 'invalid') {
      const e = outcome.fieldErrors;
      setError(
        e[type] ??
          e[`${type}.file`] ??
          e.file ??
          (isAddress ? e.proof_of_address_facts : undefined) ??
          (Object.keys(e).some((key) => key.startsWith('proof_of_address_facts') || ['statement_date', 'address', 'zip_code'].includes(key))
            ? undefined
            : (outcome.message ?? Object.values(e)[0])),
      );
      setFactErrors({
        statement_date: e['proof_of_address_facts.statement_date'] ?? e.statement_date ?? '',
        address: e['proof_of_address_facts.address'] ?? e.address ?? '',
        zip_code: e['proof_of_address_facts.zip_code'] ?? e.zip_code ?? '',
      });
    }
  };

  return (
    <section className={styles.offer} aria-labelledby={`doc-${type}`}>
      <h2 id={`doc-${type}`}>{label.title}</h2>
      {stored.length > 0 ? (
        <p>
          <span aria-hidden="true">✓ </span>Uploaded: {stored.map((item) => item.filename).join(', ')}
        </p>
      ) : null}
      <FilePick
        label={stored.length > 0 ? `Replace the ${label.title.toLowerCase()}` : `${label.title} file`}
        hint={`${label.hint} A .jpg, .png or .pdf file up to 2 MB.`}
        file={file}
        onChange={setFile}
        error={error}
        disabled={pending}
      />
      {isAddress && file ? (
        <>
          <p className={styles.muted}>
            Tell us what the document shows. It must be dated within the last {data.proof_of_address_max_age_days} days and show the address you gave us.
          </p>
          <MaskedTextField
            label="Date on the document"
            hint="MM/DD/YYYY"
            mask="##/##/####"
            value={facts.statement_date}
            onValueChange={(value) => setFacts((current) => ({ ...current, statement_date: value }))}
            error={factErrors.statement_date || undefined}
          />
          <TextField
            label="Street address on the document"
            value={facts.address}
            onChange={(event) => setFacts((current) => ({ ...current, address: event.target.value }))}
            error={factErrors.address || undefined}
          />
          <TextField
            label="Zip code on the document"
            inputMode="numeric"
            maxLength={5}
            value={facts.zip_code}
            onChange={(event) => setFacts((current) => ({ ...current, zip_code: event.target.value.replace(/[^\d]/g, '') }))}
            error={factErrors.zip_code || undefined}
          />
        </>
      ) : null}
      {file ? (
        <Button variant="secondary" disabled={!canSend} loading={pending} onClick={() => void send()}>
          Upload {label.title.toLowerCase()}
        </Button>
      ) : null}
    </section>
  );
}

function DocumentsView({ data }: { data: DocumentsData }) {
  const queryClient = useQueryClient();
  const { submit, pending } = useSubmitStep();
  const [message, setMessage] = useState<string | null>(null);
  const missing = data.required_documents.filter((type) => !data.uploaded.some((item) => item.file_type === type));
  const refresh = () => void queryClient.invalidateQueries({ queryKey: stepKey('additional_documents') });
  return (
    <StepCard title="Documents" lead="Upload the documents below. Continue is available once every one is uploaded.">
      <ErrorAlert message={message} />
      <div className={styles.offers}>
        {data.required_documents.map((type) => (
          <DocumentSlot key={type} type={type} data={data} onUploaded={refresh} />
        ))}
      </div>
      <div className={styles.actions}>
        <Button
          size="lg"
          fullWidth
          disabled={missing.length > 0}
          loading={pending}
          onClick={() =>
            void submit({ workflow_status_key: 'additional_documents' }).then((outcome) => {
              if (outcome.kind === 'invalid') setMessage(outcome.message ?? Object.values(outcome.fieldErrors)[0] ?? null);
            })
          }
        >
          Continue
        </Button>
        {missing.length > 0 ? <p className={styles.muted}>Still needed: {missing.map((type) => DOCUMENT_LABELS[type]).join(', ')}.</p> : null}
      </div>
    </StepCard>
  );
}

/** additional_documents (newflow §2, §3, §5): base64 uploads per required type; Continue only when all are uploaded. */
export function AdditionalDocuments() {
  return (
    <StepScreen step="additional_documents" schema={ZAdditionalDocumentsData} title="Documents">
      {(data) => <DocumentsView data={data} />}
    </StepScreen>
  );
}
