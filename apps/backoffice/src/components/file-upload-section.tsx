import { useId, useState } from 'react';
import type { ReactNode } from 'react';
import { z } from 'zod';
import { Alert } from '@payrail/ui/alert';
import { Button } from '@payrail/ui/button';
import { FileField, fileInput } from '@payrail/ui/file-field';
import { Form } from '@payrail/ui/form';
import { errorMessage } from '@payrail/ui/error-message';
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
  const [failure, setFailure] = useState<UploadFailure | null>(null);
  const schema = z.object({ file: fileInput({ required: requiredMessage, maxSize }) }).transform(({ file }) => file);

  return (
    <section className={styles.section} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{title}</h2>
      <Form
        schema={schema}
        options={{ mode: 'onSubmit', defaultValues: { file: null } }}
        onSubmit={async (file) => {
          setFailure(null);
          try {
            await upload(file);
          } catch (rejection) {
            setFailure(describeFailure(rejection));
          }
        }}
        onInvalidSubmit={() => setFailure(null)}
        className={styles.stack}
      >
        {() => (
          <>
            <FileField name="file" label={label} hint={hint} accept={accept} />
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
          </>
        )}
      </Form>
      {children}
    </section>
  );
}
