import { useState } from 'react';
import type { TLoanDocument } from '@payrail/contract/servicing';
import { Button } from '@payrail/ui/button';
import { Spinner } from '@payrail/ui/spinner';
import { notify } from '@payrail/ui/toast/notify';
import { formatFileSize, truncateDocumentName } from '@payrail/client/format';
import { downloadFailure } from '../../../api/documents';
import { downloadDocument } from '../api/download-document';
import { downloadDocumentAt } from '../api/download-document-at';
import { downloadDocumentsZip } from '../api/download-documents-zip';
import { isSignedLoanDocument } from '../api/get-loan-documents';
import { saveBlob } from '../lib/save-file';
import styles from './servicing.module.css';
import { CardSection } from '../../../components/sections/card-section';

export const DOCUMENT_DOWNLOAD_FAILED = 'We could not download this document. Please try again.';
export const ZIP_DOWNLOAD_FAILED = 'We could not download the selected documents. Please try again.';

/**
 * The loan's documents (§3 Loan document): names over 30 characters shown as 27 plus an ellipsis (the
 * full name stays available to screen readers and as a tooltip), one download per document, and the
 * chosen ones as one zip.
 */
export function LoanDocuments({ documents, identifier }: { documents: readonly TLoanDocument[] | undefined; identifier: string }) {
  const [chosen, setChosen] = useState<ReadonlySet<number>>(new Set());
  const [busy, setBusy] = useState<string | 'zip' | null>(null);

  const toggle = (id: number) =>
    setChosen((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  const downloadOne = async (document: TLoanDocument) => {
    setBusy(document.file_url);
    try {
      saveBlob(await (isSignedLoanDocument(document) ? downloadDocument(document.id) : downloadDocumentAt(document.file_url)), document.file_name);
    } catch (error) {
      notify.error(downloadFailure(error, DOCUMENT_DOWNLOAD_FAILED));
    } finally {
      setBusy(null);
    }
  };

  const downloadZip = async () => {
    setBusy('zip');
    try {
      const ids = (documents ?? []).filter((document) => isSignedLoanDocument(document) && chosen.has(document.id)).map((document) => document.id);
      saveBlob(await downloadDocumentsZip(ids), `loan-${identifier}-documents.zip`);
    } catch (error) {
      notify.error(downloadFailure(error, ZIP_DOWNLOAD_FAILED));
    } finally {
      setBusy(null);
    }
  };

  return (
    <CardSection id="loan-documents" title="Documents" className={styles.card}>
      {documents === undefined ? (
        <Spinner size="sm" label="Loading the documents" />
      ) : documents.length === 0 ? (
        <p className={styles.muted}>No documents for this loan.</p>
      ) : (
        <>
          <ul className={styles.documents}>
            {documents.map((document) => {
              const shown = truncateDocumentName(document.file_name);
              return (
                <li key={document.file_url} className={styles.document}>
                  {isSignedLoanDocument(document) ? (
                    <input
                      type="checkbox"
                      id={`doc-${document.id}`}
                      checked={chosen.has(document.id)}
                      onChange={() => toggle(document.id)}
                      aria-label={`Select ${document.file_name}`}
                    />
                  ) : (
                    <span aria-hidden="true" style={{ width: '1.25rem' }} />
                  )}
                  <span className={styles.documentName} title={shown === document.file_name ? undefined : document.file_name}>
                    <span aria-hidden={shown !== document.file_name}>{shown}</span>
                    {shown !== document.file_name ? <span className="visually-hidden">{document.file_name}</span> : null}
                  </span>
                  <span className={styles.muted}>{formatFileSize(document.file_size)}</span>
                  <Button
                    size="sm"
                    variant="secondary"
                    onClick={() => void downloadOne(document)}
                    loading={busy === document.file_url}
                    aria-label={`Download ${document.file_name}`}
                  >
                    Download
                  </Button>
                </li>
              );
            })}
          </ul>
          <Button variant="secondary" disabled={chosen.size === 0} loading={busy === 'zip'} onClick={() => void downloadZip()}>
            {chosen.size > 0 ? `Download selected (${chosen.size}) as zip` : 'Download selected as zip'}
          </Button>
        </>
      )}
    </CardSection>
  );
}
