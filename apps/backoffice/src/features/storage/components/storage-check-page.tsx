import { Link } from 'react-router';
import type { StoredFileSource, TStorageCheckItem } from '@payrail/contract/documents';
import { Alert } from '@payrail/ui/alert';
import { Button } from '@payrail/ui/button';
import { Table } from '@payrail/ui/table';
import type { TableColumn } from '@payrail/ui/table';
import styles from '@payrail/ui/styles/staff-page.module.css';
import { useStorageCheck } from '../api/storage-check';
import { formatDateTime, humanize } from '../../../lib/labels';
import { StaffPage } from '../../../components/staff-page';
import { QueryFallback } from '@payrail/ui/query-fallback';

const SOURCE_LABELS: Record<StoredFileSource, string> = {
  document: 'Uploaded document',
  signed_note: 'Signed promissory note',
  due_date_change_agreement: 'Due-date change agreement',
  payment_plan_agreement: 'Payment plan agreement',
};

const member = (r: TStorageCheckItem) => `${r.member_name ?? r.member_email} (#${r.user_id})`;

const columns: readonly TableColumn<TStorageCheckItem>[] = [
  { key: 'record', header: 'File', cell: (r) => `${SOURCE_LABELS[r.source]} #${r.id}` },
  { key: 'member', header: 'Member', cell: (r) => <Link to={`/applications/${r.user_id}`}>{member(r)}</Link> },
  { key: 'kind', header: 'Kind', cell: (r) => humanize(r.kind) },
  { key: 'created', header: 'Created', cell: (r) => formatDateTime(r.created_at) },
];

function StorageCheckResult() {
  const check = useStorageCheck();
  if (!check.data) return <QueryFallback query={check} loadingLabel="Checking the stored files…" />;
  const { checked, missing, checked_at } = check.data;
  return (
    <div className={styles.stack}>
      <p role="status">
        Checked {checked} stored {checked === 1 ? 'file' : 'files'} at {formatDateTime(checked_at)}.
      </p>
      {missing.length === 0 ? (
        <Alert kind="success" title="Every stored file is in place." />
      ) : (
        <Alert kind="warning" title={`${missing.length} ${missing.length === 1 ? 'file is' : 'files are'} missing from storage.`}>
          <p>
            Borrowers and staff who open these files are told they are unavailable. Restore them from the storage backup under their records, or ask the member
            to upload the document again; signed agreements cannot be re-signed, so restore those from backup.
          </p>
        </Alert>
      )}
      <Table
        caption="Files missing from storage"
        columns={columns}
        rows={missing}
        getRowKey={(r) => `${r.source}:${r.id}`}
        emptyMessage="No file is missing."
      />
      <div>
        <Button variant="secondary" onClick={() => void check.refetch()} loading={check.isFetching}>
          Check again
        </Button>
      </div>
    </div>
  );
}

export function StorageCheckPage() {
  return (
    <StaffPage
      title="Storage check"
      capability="storageCheck"
      lead="Files whose record exists but whose stored bytes are missing: uploaded documents, signed promissory notes and due-date change agreements."
    >
      <StorageCheckResult />
    </StaffPage>
  );
}
