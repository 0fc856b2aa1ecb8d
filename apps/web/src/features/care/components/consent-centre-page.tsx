import { useState } from 'react';
import type { TConsentCentre, TConsentRecord } from '@payrail/contract/care';
import { Alert } from '@payrail/ui/alert';
import { Button } from '@payrail/ui/button';
import { Checkbox } from '@payrail/ui/checkbox';
import { Dialog } from '@payrail/ui/dialog';
import { LoadingBlock } from '@payrail/ui/spinner';
import { Table } from '@payrail/ui/table';
import type { TableColumn } from '@payrail/ui/table';
import { notify } from '@payrail/ui/toast/notify';
import { formatDate } from '@payrail/client/format';
import { downloadAgreement, useChangeElectronicConsent, useConsentCentre } from '../api/consents';
import { downloadLoanDocument } from '../api/due-date-change';
import styles from './care.module.css';
import { serverMessageOr } from '../../../lib/server-message';

/** MM/DD/YYYY and the UTC time of an ISO timestamp. */
const when = (iso: string) => `${formatDate(iso)} ${iso.slice(11, 16)} UTC`;

function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

function DownloadButton({ record }: { record: TConsentRecord }) {
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      // A due-date change agreement is a loan document (the signed PDF); the others are agreement documents.
      const blob = record.kind === 'due_date_change' ? await downloadLoanDocument(record.document_id) : await downloadAgreement(record.document_id);
      saveBlob(blob, `${record.name}-${record.version}.pdf`);
    } catch {
      notify.error('We could not download the document. Please try again.');
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button size="sm" variant="secondary" loading={busy} onClick={() => void download()} aria-label={`Download ${record.title}`}>
      Download
    </Button>
  );
}

const COLUMNS: readonly TableColumn<TConsentRecord>[] = [
  { key: 'title', header: 'Document', cell: (r) => (r.detail ? `${r.title} — ${r.detail}` : r.title) },
  { key: 'version', header: 'Version', cell: (r) => r.version },
  { key: 'accepted_at', header: 'Accepted or signed', cell: (r) => when(r.accepted_at) },
  { key: 'ip', header: 'IP address', cell: (r) => r.ip ?? '—' },
  { key: 'status', header: 'Status', cell: (r) => (r.revoked_at ? `Revoked ${formatDate(r.revoked_at)}` : 'In effect') },
  { key: 'download', header: 'Copy', cell: (r) => <DownloadButton record={r} /> },
];

function ElectronicConsent({ ec }: { ec: TConsentCentre['electronic_communications'] }) {
  const change = useChangeElectronicConsent();
  const [open, setOpen] = useState(false);
  const [read, setRead] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const act = (kind: 'withdraw' | 'restore') =>
    change.mutate(kind, {
      onSuccess: () => {
        setOpen(false);
        setRead(false);
        notify.success(
          kind === 'withdraw' ? 'Your consent is withdrawn. We will mail you future notices.' : 'Your consent to electronic communications is back in effect.',
        );
      },
      onError: (e) => setError(serverMessageOr(e, 'Something went wrong. Please try again.')),
    });

  return (
    <section className={styles.card} aria-labelledby="electronic-consent">
      <h2 id="electronic-consent">Electronic communications</h2>
      {ec.state === 'given' ? (
        <p>You agreed to receive your notices, statements and disclosures electronically. You can withdraw this consent at any time, free of charge.</p>
      ) : ec.state === 'withdrawn' ? (
        <p>
          {`You withdrew your consent on ${formatDate(ec.withdrawn_at)}. We deliver your notices on paper by U.S. mail${ec.mailing_address ? ` to ${ec.mailing_address}` : ''}.`}
        </p>
      ) : (
        <p>You have not given consent to electronic communications.</p>
      )}
      <p>
        <strong>Delivery:</strong> {ec.delivery === 'paper' ? 'Paper by U.S. mail' : 'Electronic'}
      </p>
      {error && !open ? <Alert kind="error">{error}</Alert> : null}
      {ec.state === 'given' ? (
        <div className={styles.row}>
          <Button
            variant="danger"
            onClick={() => {
              setError(null);
              setOpen(true);
            }}
          >
            Withdraw consent
          </Button>
        </div>
      ) : null}
      {ec.state === 'withdrawn' ? (
        <div className={styles.row}>
          <Button loading={change.isPending} onClick={() => act('restore')}>
            Give consent again
          </Button>
        </div>
      ) : null}
      <Dialog
        open={open}
        onClose={() => setOpen(false)}
        title="Withdraw your consent to electronic communications?"
        description="Under the E-SIGN Act you may withdraw it at any time, free of charge. This is what it means:"
        footer={
          <>
            <Button variant="secondary" onClick={() => setOpen(false)}>
              Keep electronic delivery
            </Button>
            <Button variant="danger" loading={change.isPending} disabled={!read} onClick={() => act('withdraw')}>
              Withdraw consent
            </Button>
          </>
        }
      >
        <ul>
          {ec.consequences.map((c) => (
            <li key={c}>{c}</li>
          ))}
        </ul>
        <Checkbox label="I read what withdrawing my consent means." checked={read} onChange={(e) => setRead(e.target.checked)} />
        {error ? <Alert kind="error">{error}</Alert> : null}
      </Dialog>
    </section>
  );
}

/**
 * Consents (issue #13): every agreement and disclosure the borrower accepted or signed, with time, IP,
 * version and a copy to download; the E-SIGN consent can be withdrawn (consequences shown first) and given again.
 */
export function ConsentCentrePage() {
  const centre = useConsentCentre();
  if (centre.isPending) return <LoadingBlock label="Loading your consents…" />;
  if (!centre.data) return <Alert kind="error">We could not load your consents. Please reload the page.</Alert>;
  return (
    <div className={styles.page}>
      <h1>Consents</h1>
      <ElectronicConsent ec={centre.data.electronic_communications} />
      <section className={styles.card} aria-labelledby="consent-records">
        <h2 id="consent-records">What you accepted and signed</h2>
        <Table
          caption="Agreements and disclosures"
          captionHidden
          columns={COLUMNS}
          rows={centre.data.records}
          getRowKey={(r) => r.key}
          emptyMessage="Nothing accepted or signed yet."
        />
      </section>
    </div>
  );
}
