import { useEffect, useState } from 'react';
import { Alert } from '@web-ui/alert';
import { Button } from '@web-ui/button';
import { Spinner } from '@web-ui/spinner';
import { formatFileSize } from '@web-lib/format';
import type { TApplicationDetail } from '@payrail/contract/backoffice';
import { getDocumentBlob } from '../api/detail';
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

/** Fetches the file with the staff token and shows it from a blob: URL; the URL is revoked on close. */
function DocumentPreview({ document: doc }: { document: TDocument }) {
  const [state, setState] = useState<{ url: string; kind: 'image' | 'pdf' | 'other' } | 'loading' | 'error'>('loading');

  useEffect(() => {
    let url: string | null = null;
    let cancelled = false;
    getDocumentBlob(doc.id).then(
      (blob) => {
        if (cancelled) return;
        url = URL.createObjectURL(blob);
        setState({ url, kind: kindOf(blob, doc.file_name) });
      },
      () => {
        if (!cancelled) setState('error');
      },
    );
    return () => {
      cancelled = true;
      if (url) URL.revokeObjectURL(url);
    };
  }, [doc.id, doc.file_name]);

  if (state === 'loading') return <Spinner label={`Loading ${doc.file_name}…`} />;
  if (state === 'error') {
    return (
      <Alert kind="error" assertive>
        We could not load {doc.file_name}.
      </Alert>
    );
  }
  const title = `${humanize(doc.type)}: ${doc.file_name}`;
  if (state.kind === 'image') return <img className={styles.image} src={state.url} alt={title} style={{ maxHeight: DOCUMENT_VIEWER_HEIGHT }} />;
  if (state.kind === 'pdf') return <iframe className={styles.frame} src={state.url} title={title} height={DOCUMENT_VIEWER_HEIGHT} />;
  return (
    <p>
      This file type cannot be shown here.{' '}
      <a href={state.url} download={doc.file_name}>
        Download {doc.file_name}
      </a>
    </p>
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
