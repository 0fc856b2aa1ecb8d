import { get, useFormContext, useFormState } from 'react-hook-form';
import { documentLabel } from '@payrail/contract/documents';
import type { DocumentTypeName, TDocument } from '@payrail/contract/documents';
import { DocumentUpload } from '../../../components/documents/document-upload';
import styles from './feedback.module.css';

export interface FeedbackDocumentsProps {
  requestedTypes: readonly DocumentTypeName[];
  /** A requested type holds a file uploaded since the request. */
  typeDone: (type: DocumentTypeName) => boolean;
  onFiles: (type: DocumentTypeName, docs: TDocument[]) => void;
}

/** The documents the reviewer asked for: one upload per type; the server's message on a type (`documents.{type}`) under it. */
export function FeedbackDocuments({ requestedTypes, typeDone, onFiles }: FeedbackDocumentsProps) {
  const { clearErrors } = useFormContext();
  const { errors } = useFormState();
  return (
    <section className={styles.card} aria-labelledby="feedback-documents-title">
      <h2 id="feedback-documents-title">Upload the requested documents</h2>
      {requestedTypes.map((type) => {
        const serverError = (get(errors, `documents.${type}`) as { message?: string } | undefined)?.message;
        return (
          <div key={type} className={styles.document}>
            <DocumentUpload
              type={type}
              label={documentLabel(type)}
              onChange={(docs) => {
                onFiles(type, docs);
                if (serverError) clearErrors(`documents.${type}`);
              }}
              hint={typeDone(type) ? undefined : 'Upload a new file: .jpg, .png or .pdf.'}
            />
            {serverError ? (
              <p className={styles.errorText} role="alert">
                {documentLabel(type)}: {serverError}
              </p>
            ) : null}
          </div>
        );
      })}
    </section>
  );
}
