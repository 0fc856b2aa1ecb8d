import { useEffect, useState } from 'react';
import { Alert } from '@payrail/ui/alert';
import { Button } from '@payrail/ui/button';
import { Spinner } from '@payrail/ui/spinner';
import { formatFileSize } from '@payrail/client/format';
import type { TApplicationDetail } from '@payrail/contract/backoffice';
import { getDocumentBlob } from '../api/get-document';
import { getSignedNoteBlob } from '../api/get-signed-note';
import { formatDateTime, humanize } from '../../../lib/labels';
import styles from './document-viewer.module.css';

/** Height of an inline document preview (spec: 500 px). */
export const DOCUMENT_VIEWER_HEIGHT = 500;

type TDocument = TApplicationDetail['documents'][number];

const IMAGE_EXTENSIONS = /\.(png|jpe?g|gif|webp)$/i;

function kindOf(blob: Blob, fileName: string): 'image' | 'pdf' | 'other' {
  if (blob.type.startsWith('image/') || (!blob.type && IMAGE_EXTENSIONS.test(fileName))) return 'image';
  if (blob.type === 'application/pdf' || /\.pdf$/i.test(fileName)) return 'pdf';
  return 'other';
}

/**
 * Fetches the file with the staff token and shows it from a blob: URL (the CSP allows blob: frames and
 * images for exactly this); the URL is revoked on close. The server audits the view when it serves the
 * file, so a file that could not be read is never recorded as seen.
 */
function FilePreview({ load, fileName, title }: { load: () => Promise<Blob>; fileName: string; title: string }) {
  const [state, setState] = useState<{ url: string; kind: 'image' | 'pdf' | 'other' } | 'loading' | 'error'>('loading');

  useEffect(() => {
    let url: string | null = null;
    let cancelled = false;
    load().then(
      (blob) => {
        if (cancelled) return;
        url = URL.createObjectURL(blob);
        setState({ url, kind: kindOf(blob, fileName) });
      },
      () => {
        if (!cancelled) setState('error');
      },
    );
    return () => {
      cancelled = true;
      if (url) URL.revokeObjectURL(url);
    };
    // `load` is a fresh closure each render; the file is fetched once per name.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [fileName]);

  if (state === 'loading') return <Spinner label={`Loading ${fileName}…`} />;
  if (state === 'error') {
    return (
      <Alert kind="error" assertive>
        We could not load {fileName}.
      </Alert>
    );
  }
  if (state.kind === 'image') return <img className={styles.image} src={state.url} alt={title} style={{ maxHeight: DOCUMENT_VIEWER_HEIGHT }} />;
  if (state.kind === 'pdf') return <iframe className={styles.frame} src={state.url} title={title} height={DOCUMENT_VIEWER_HEIGHT} />;
  return (
    <p>
      This file type cannot be shown here.{' '}
      <a href={state.url} download={fileName}>
        Download {fileName}
      </a>
    </p>
  );
}

function DocumentPreview({ document: doc }: { document: TDocument }) {
  return <FilePreview load={() => getDocumentBlob(doc.id)} fileName={doc.file_name} title={`${humanize(doc.type)}: ${doc.file_name}`} />;
}

/** The signed promissory note with a Show/Hide toggle; every view is audited (`view_signed_note`). */
export function SignedNoteItem({ esignatureId }: { esignatureId: number }) {
  const [open, setOpen] = useState(false);
  const regionId = `signed-note-${esignatureId}`;
  const fileName = `promissory-note-${esignatureId}.pdf`;
  return (
    <div className={styles.item}>
      <div className={styles.row}>
        <div>
          <strong>Signed promissory note</strong> — {fileName}
        </div>
        <Button variant="secondary" size="sm" aria-expanded={open} aria-controls={regionId} onClick={() => setOpen((v) => !v)}>
          {open ? 'Hide the signed note' : 'Show the signed note'}
        </Button>
      </div>
      <div id={regionId} className={styles.preview} hidden={!open}>
        {open ? <FilePreview load={() => getSignedNoteBlob(esignatureId)} fileName={fileName} title="Signed promissory note" /> : null}
      </div>
    </div>
  );
}

/**
 * One document with a Show/Hide toggle. Files load only when asked: every view is audited
 * (`view_document`), so opening the page alone records nothing.
 */
export function DocumentItem({ document: doc, canView = true }: { document: TDocument; canView?: boolean }) {
  const [open, setOpen] = useState(false);
  const regionId = `document-${doc.id}`;
  return (
    <li className={styles.item}>
      <div className={styles.row}>
        <div>
          <strong>{humanize(doc.type)}</strong> — {doc.file_name}
          <br />
          <small>
            {formatFileSize(doc.file_size)} · uploaded {formatDateTime(doc.uploaded_at)}
          </small>
        </div>
        {canView ? (
          <Button variant="secondary" size="sm" aria-expanded={open} aria-controls={regionId} onClick={() => setOpen((v) => !v)}>
            {open ? `Hide ${doc.file_name}` : `Show ${doc.file_name}`}
          </Button>
        ) : null}
      </div>
      {canView ? (
        <div id={regionId} className={styles.preview} hidden={!open}>
          {open ? <DocumentPreview document={doc} /> : null}
        </div>
      ) : null}
    </li>
  );
}

/** The borrower's documents; `canView` (reviewers) adds the audited Show/Hide preview to each. */
export function DocumentList({ documents, canView = true }: { documents: readonly TDocument[]; canView?: boolean }) {
  if (documents.length === 0) return <p>No documents uploaded.</p>;
  return (
    <ul className={styles.list}>
      {documents.map((doc) => (
        <DocumentItem key={doc.id} document={doc} canView={canView} />
      ))}
    </ul>
  );
}
