import { HARDSHIP_REASON_LABELS, HARDSHIP_STATUS_LABELS } from '@payrail/contract/hardship';
import type { HardshipStatus } from '@payrail/contract/hardship';
import type { THardshipQueue } from '@payrail/contract/hardship';
import { Select } from '@payrail/ui/select';
import { Table } from '@payrail/ui/table';
import type { TableColumn } from '@payrail/ui/table';
import { Link, useSearchParams } from 'react-router';
import { formatDateTime } from '../../../lib/labels';
import { useHardshipQueue } from '../api/get-hardship-queue';
import { QueryFallback } from '@payrail/ui/query-fallback';

type Row = THardshipQueue['requests'][number];
const STATUS_OPTIONS = Object.entries(HARDSHIP_STATUS_LABELS).map(([value, label]) => ({ value, label }));
const isStatus = (s: string | null): s is HardshipStatus => s !== null && Object.hasOwn(HARDSHIP_STATUS_LABELS, s);

const columns: TableColumn<Row>[] = [
  { key: 'borrower', header: 'Borrower', cell: (r) => <Link to={`/hardship/${r.id}`}>{r.borrower_name}</Link> },
  { key: 'loan', header: 'Loan', cell: (r) => r.loan_identifier },
  { key: 'status', header: 'Status', cell: (r) => HARDSHIP_STATUS_LABELS[r.status] },
  { key: 'reason', header: 'Reason', cell: (r) => HARDSHIP_REASON_LABELS[r.reason] },
  { key: 'plan', header: 'Plan asked', cell: (r) => `Defer ${r.defer_payments}` },
  { key: 'updated', header: 'Last change', cell: (r) => formatDateTime(r.updated_at) },
];

/** The hardship queue, filtered by status in the URL (default: submitted, what waits for staff). */
export function HardshipQueue() {
  const [params, setParams] = useSearchParams();
  const raw = params.get('status');
  const status = raw === 'all' ? undefined : isStatus(raw) ? raw : 'submitted';
  const queue = useHardshipQueue(status);
  return (
    <>
      <Select
        label="Status"
        options={[{ value: 'all', label: 'All statuses' }, ...STATUS_OPTIONS]}
        value={status ?? 'all'}
        onChange={(e) =>
          setParams((p) => {
            p.set('status', e.target.value);
            return p;
          })
        }
      />
      {queue.data ? (
        <Table
          caption="Hardship requests"
          rows={queue.data.requests}
          columns={columns}
          getRowKey={(r) => String(r.id)}
          emptyMessage="No hardship request with this status."
        />
      ) : (
        <QueryFallback query={queue} loadingLabel="Loading hardship requests…" failure="The hardship queue could not be loaded." />
      )}
    </>
  );
}
