import { QUEUE_BUCKETS } from '@payrail/contract/collections';
import type { TCollectionsQueueItem } from '@payrail/contract/collections';
import { formatCents } from '@payrail/client/format';
import { Button } from '@payrail/ui/button';
import { Table } from '@payrail/ui/table';
import type { TableColumn } from '@payrail/ui/table';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { formatDateTime, formatUsDate } from '../../../lib/labels';
import { useCollectionsQueue } from '../api/get-collections-queue';
import type { QueueBucket } from '../api/keys';
import { CollectionsPanel } from './collections-panel';
import { contactLabel } from './labels';
import styles from './collections.module.css';
import { QueryFallback } from '@payrail/ui/query-fallback';

const BUCKET_LABELS: Record<QueueBucket, string> = {
  '1-29': '1–29 days',
  '30-59': '30–59 days',
  '60-89': '60–89 days',
  '90-119': '90–119 days',
  '120+': '120+ days',
};
const isBucket = (b: string | null): b is QueueBucket => b !== null && (QUEUE_BUCKETS as string[]).includes(b);

/**
 * The collections queue (docs/collections.md): a filter per delinquency bucket with its count, the loans of
 * the bucket (most days past due first, keyset pages), and the selected loan's collections panel.
 */
export function CollectionsQueue() {
  const [params, setParams] = useSearchParams();
  const raw = params.get('bucket');
  const bucket: QueueBucket | 'all' = isBucket(raw) ? raw : 'all';
  const selected = Number(params.get('loan')) || null;
  const [cursors, setCursors] = useState<(string | null)[]>([null]);
  const cursor = cursors[cursors.length - 1] ?? null;
  const queue = useCollectionsQueue(bucket, cursor);

  const set = (key: string, value: string | null) =>
    setParams((p) => {
      if (value === null) p.delete(key);
      else p.set(key, value);
      return p;
    });
  const choose = (b: QueueBucket | 'all') => {
    setCursors([null]);
    set('bucket', b === 'all' ? null : b);
  };

  const columns: TableColumn<TCollectionsQueueItem>[] = [
    {
      key: 'borrower',
      header: 'Borrower',
      cell: (r) => (
        <button type="button" className={styles.linkButton} aria-pressed={selected === r.loan_id} onClick={() => set('loan', String(r.loan_id))}>
          {r.borrower_name}
        </button>
      ),
    },
    { key: 'loan', header: 'Loan', cell: (r) => <Link to={`/loans/${r.loan_id}`}>{r.loan_number}</Link> },
    { key: 'dpd', header: 'Days past due', cell: (r) => String(r.days_past_due) },
    { key: 'bucket', header: 'Bucket', cell: (r) => `${BUCKET_LABELS[r.bucket as QueueBucket] ?? r.bucket} since ${formatUsDate(r.in_bucket_since)}` },
    { key: 'due', header: 'Past due', cell: (r) => formatCents(r.past_due_amount) },
    {
      key: 'contact',
      header: 'Last contact',
      cell: (r) => (r.last_contact ? `${contactLabel(r.last_contact.channel, r.last_contact.outcome)}, ${formatDateTime(r.last_contact.at)}` : 'None'),
    },
    {
      key: 'promise',
      header: 'Open promise',
      cell: (r) => (r.open_promise ? `${formatCents(r.open_promise.amount)} by ${formatUsDate(r.open_promise.promised_date)}` : '—'),
    },
  ];

  const counts = queue.data?.counts ?? {};
  const total = QUEUE_BUCKETS.reduce((t, b) => t + (counts[b] ?? 0), 0);
  return (
    <>
      <div className={styles.buckets} role="group" aria-label="Delinquency bucket">
        <Button variant={bucket === 'all' ? 'primary' : 'secondary'} size="sm" aria-pressed={bucket === 'all'} onClick={() => choose('all')}>
          All past due ({total})
        </Button>
        {QUEUE_BUCKETS.map((b) => (
          <Button key={b} variant={bucket === b ? 'primary' : 'secondary'} size="sm" aria-pressed={bucket === b} onClick={() => choose(b)}>
            {BUCKET_LABELS[b]} ({counts[b] ?? 0})
          </Button>
        ))}
      </div>
      {queue.data ? (
        <>
          <Table
            caption="Loans past due"
            rows={queue.data.items}
            columns={columns}
            getRowKey={(r) => String(r.loan_id)}
            emptyMessage="No loan in this bucket."
          />
          <div className={styles.pager}>
            {cursors.length > 1 ? (
              <Button variant="secondary" size="sm" onClick={() => setCursors((c) => c.slice(0, -1))}>
                Previous page
              </Button>
            ) : null}
            {queue.data.next_cursor ? (
              <Button variant="secondary" size="sm" onClick={() => setCursors((c) => [...c, queue.data.next_cursor])}>
                Next page
              </Button>
            ) : null}
          </div>
        </>
      ) : (
        <QueryFallback query={queue} loadingLabel="Loading the collections queue…" failure="The collections queue could not be loaded." />
      )}
      {selected ? <CollectionsPanel loanId={selected} onClose={() => set('loan', null)} /> : null}
    </>
  );
}
