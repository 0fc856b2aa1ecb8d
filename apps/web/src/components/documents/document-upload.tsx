import { useQueryClient } from '@tanstack/react-query';
import { DOCUMENT_DELETE_QUESTION, DOCUMENT_FILE_TOO_LARGE, DOCUMENT_FILE_WRONG_TYPE, DOCUMENT_MAX_BYTES } from '@payrail/contract/documents';
import type { DocumentTypeName, TDocument } from '@payrail/contract/documents';
import { useEffect, useId, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { deleteDocument, documentObjectUrl, documentsQueryKey, documentUploader, downloadFailure, uploadErrorMessage, useDocuments } from '../../api/documents';
import { formatFileSize, truncateDocumentName } from '@payrail/client/format';
import { Button } from '@payrail/ui/button';
import { Dialog } from '@payrail/ui/dialog';
import { FileUpload } from '@payrail/ui/file-upload';
import { notify } from '@payrail/ui/toast/notify';
import { EMPTY_STATED_FACTS, ProofOfAddressFacts, statedFactsErrors, statedFactsFields } from './proof-of-address-facts';
import type { StatedFacts } from './proof-of-address-facts';
import styles from './document-upload.module.css';

/** Spec §2 "Documents": the question asked before a stored file is deleted. */
export const DELETE_DOCUMENT_QUESTION = DOCUMENT_DELETE_QUESTION;
/** By extension: the server decides the real type by content (a renamed file is refused there, verbatim). */
export const DOCUMENT_ACCEPT = ['.jpg', '.jpeg', '.png', '.pdf'] as const;

export interface DocumentUploadProps {
  type: DocumentTypeName;
  label: string;
  hint?: ReactNode;
  /** Called with the stored files of this type whenever they change (to enable Continue/Save). */
  onChange?: (documents: TDocument[]) => void;
  disabled?: boolean;
}

/**
 * One document type: the files the borrower already stored (view, delete with confirmation) and an
 * uploader for more (several files, progress, the server's refusal shown verbatim). The server decides
 * the type by content (.jpg .png .pdf) and the 2 MB limit; the browser checks both first so a wrong
 * file is refused without a round trip.
 */
export function DocumentUpload({ type, label, hint, onChange, disabled }: DocumentUploadProps) {
  const id = useId();
  const queryClient = useQueryClient();
  const documents = useDocuments(type);
  const [toDelete, setToDelete] = useState<TDocument | null>(null);
  const [deleting, setDeleting] = useState(false);
  const chooseRef = useRef<HTMLButtonElement>(null);
  const stored = documents.data;
  // A proof of address goes with what it states (date, street, zip): the server checks the 45 days and the address.
  const isProofOfAddress = type === 'proof_of_address';
  const [facts, setFacts] = useState<StatedFacts>(EMPTY_STATED_FACTS);
  const [factsTouched, setFactsTouched] = useState(false);
  const factsReady = !isProofOfAddress || Object.keys(statedFactsErrors(facts)).length === 0;

  useEffect(() => {
    if (stored) onChange?.(stored);
    // onChange is a callback prop; re-running on its identity would loop with inline handlers.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [stored]);

  const refresh = () => queryClient.invalidateQueries({ queryKey: documentsQueryKey(type) });

  const open = async (document: TDocument) => {
    // Open the tab synchronously (popup blockers), then point it at the fetched file.
    const tab = window.open('', '_blank');
    try {
      const url = await documentObjectUrl(document);
      if (tab) tab.location.href = url;
      else window.location.assign(url);
      window.setTimeout(() => URL.revokeObjectURL(url), 60_000);
    } catch (error) {
      tab?.close();
      // A file whose stored copy is missing: the server says so and what to do (contact support).
      notify.error(downloadFailure(error, 'We could not open your document. Please refresh the page and try again.'));
    }
  };

  // The deleted file's row (and the button that opened the dialog) is gone: focus continues from this
  // type's upload button rather than the page body. Done in an effect, which runs after the dialog's own
  // (children first): its close() would otherwise move focus again, whenever the renderer runs effects.
  const focusChooseOnClose = useRef(false);
  useEffect(() => {
    if (toDelete !== null || !focusChooseOnClose.current) return;
    focusChooseOnClose.current = false;
    chooseRef.current?.focus();
  }, [toDelete]);

  const confirmDelete = async () => {
    if (!toDelete) return;
    setDeleting(true);
    try {
      await deleteDocument(toDelete.id);
      await refresh();
      focusChooseOnClose.current = true;
      setToDelete(null);
    } catch {
      notify.error('We could not delete your document. Please refresh the page and try again.');
    } finally {
      setDeleting(false);
    }
  };

  const listId = `${id}-stored`;
  return (
    <div className={styles.wrapper} data-document-type={type}>
      {isProofOfAddress ? (
        <ProofOfAddressFacts
          value={facts}
          showErrors={factsTouched}
          onChange={(next) => {
            setFacts(next);
            setFactsTouched(true);
          }}
        />
      ) : null}
      <FileUpload<TDocument>
        label={label}
        hint={hint}
        accept={DOCUMENT_ACCEPT}
        maxSize={DOCUMENT_MAX_BYTES}
        multiple
        keepUploaded={false}
        disabled={disabled || !factsReady}
        buttonRef={chooseRef}
        upload={documentUploader(type, isProofOfAddress ? statedFactsFields(facts) : {})}
        onUploaded={() => void refresh()}
        messages={{
          tooLarge: () => DOCUMENT_FILE_TOO_LARGE,
          wrongType: () => DOCUMENT_FILE_WRONG_TYPE,
          failed: (_file, error) => uploadErrorMessage(error),
        }}
      />
      {documents.isError ? <p className={styles.error}>We could not load your documents. Please refresh the page and try again.</p> : null}
      {stored && stored.length > 0 ? (
        <ul className={styles.list} id={listId} aria-label={`${label}: uploaded files`}>
          {stored.map((document) => (
            <li key={document.id} className={styles.item}>
              <span className={styles.name} title={document.file_name}>
                {truncateDocumentName(document.file_name)}
              </span>
              <span className={styles.size}>
                {document.file_extension.toUpperCase()} · {formatFileSize(document.file_size)}
              </span>
              <Button variant="ghost" size="sm" onClick={() => void open(document)} aria-label={`View ${document.file_name}`}>
                View
              </Button>
              <Button variant="ghost" size="sm" disabled={disabled} onClick={() => setToDelete(document)} aria-label={`Delete ${document.file_name}`}>
                Delete
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
      <Dialog
        open={toDelete !== null}
        onClose={() => setToDelete(null)}
        title="Delete document"
        description={DELETE_DOCUMENT_QUESTION}
        footer={
          <>
            <Button variant="secondary" onClick={() => setToDelete(null)}>
              Cancel
            </Button>
            <Button variant="danger" loading={deleting} onClick={() => void confirmDelete()}>
              Delete
            </Button>
          </>
        }
      >
        {toDelete ? <p className={styles.dialogFile}>{toDelete.file_name}</p> : null}
      </Dialog>
    </div>
  );
}
