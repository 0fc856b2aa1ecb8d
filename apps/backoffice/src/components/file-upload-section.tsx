import { useId, useState } from 'react';
import type { FormEvent, ReactNode } from 'react';
import { Alert } from '@payrail/ui/alert';
import { Button } from '@payrail/ui/button';
import { FieldError, FieldHint, FieldLabel, fieldStyles } from '@payrail/ui/field';
import { errorMessage } from '../lib/errors';
import styles from '@payrail/ui/styles/staff-page.module.css';

export interface UploadFailure {
  title: string;
  details?: ReactNode;
}

export interface FileUploadSectionProps {
  title: string;
  label: string;
  hint: string;
  /** The file input's `accept`. */
  accept: string;
  /** Asked when the form is sent without a file. */
  requiredMessage: string;
  maxSize: { bytes: number; message: string };
  submitLabel: string;
  pending: boolean;
  /** Sends the chosen file; a rejection is shown above the button. */
  upload: (file: File) => Promise<void>;
  /** How a rejected upload reads; by default the server's message. */
  describeFailure?: (failure: unknown) => UploadFailure;
  /** The outcome of the last upload (a table), under the form. */
  children?: ReactNode;
}

/** A back-office section that uploads one file (remittance CSV, NACHA return file): required, size-capped, the server's refusal shown. */
export function FileUploadSection({
  title,
  label,
  hint,
  accept,
  requiredMessage,
  maxSize,
  submitLabel,
  pending,
  upload,
  describeFailure = (failure) => ({ title: errorMessage(failure) }),
  children,
}: FileUploadSectionProps) {
  const id = useId();
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [failure, setFailure] = useState<UploadFailure | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    if (!file) {
      setFileError(requiredMessage);
      return;
    }
    if (file.size > maxSize.bytes) {
      setFileError(maxSize.message);
      return;
    }
    setFileError(null);
    try {
      await upload(file);
    } catch (rejection) {
      setFailure(describeFailure(rejection));
    }
  };

  return (
    <section className={styles.section} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{title}</h2>
      <form onSubmit={(event) => void submit(event)} noValidate className={styles.stack}>
        <div className={fieldStyles.field}>
          <FieldLabel htmlFor={`${id}-file`}>{label}</FieldLabel>
          <input
            id={`${id}-file`}
            type="file"
            accept={accept}
            onChange={(event) => setFile(event.target.files?.[0] ?? null)}
            aria-invalid={fileError ? true : undefined}
            aria-describedby={`${id}-hint${fileError ? ` ${id}-error` : ''}`}
          />
          <FieldHint id={`${id}-hint`}>{hint}</FieldHint>
          <FieldError id={`${id}-error`}>{fileError}</FieldError>
        </div>
        {failure ? (
          <Alert kind="error" assertive title={failure.title}>
            {failure.details}
          </Alert>
        ) : null}
        <div>
          <Button type="submit" loading={pending}>
            {submitLabel}
          </Button>
        </div>
      </form>
      {children}
    </section>
  );
}
