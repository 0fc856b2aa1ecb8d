import type { TPaymentRow } from '@payrail/contract/servicing';
import { Table } from '@payrail/ui/table';
import type { TableColumn } from '@payrail/ui/table';
import { formatCents, formatDate } from '@payrail/client/format';
import { paymentSourceLabel } from '../lib/servicing-format';

const COLUMNS: readonly TableColumn<TPaymentRow>[] = [
  {
    key: 'source',
    header: 'Source',
    cell: (row) => (row.status === 'returned' ? `${paymentSourceLabel(row.source)} (returned)` : paymentSourceLabel(row.source)),
  },
  { key: 'amount', header: 'Amount', align: 'end', cell: (row) => formatCents(row.amount) },
  { key: 'principal', header: 'Principal', align: 'end', cell: (row) => formatCents(row.principal_paid) },
  { key: 'interest', header: 'Interest', align: 'end', cell: (row) => formatCents(row.interest_paid) },
  { key: 'fees', header: 'Fees', align: 'end', cell: (row) => formatCents(row.fees_paid) },
  { key: 'due', header: 'Due date', cell: (row) => (row.due_date ? formatDate(row.due_date) : '—') },
  { key: 'effective', header: 'Effective date', cell: (row) => formatDate(row.effective_date) },
];

/** §3 Payment rows: source, amount and its allocation, due and effective dates. Empty: the no-data text. */
export function PaymentHistory({ payments, captionHidden }: { payments: readonly TPaymentRow[]; captionHidden?: boolean }) {
  return (
    <Table
      caption="Payment history"
      captionHidden={captionHidden}
      columns={COLUMNS}
      rows={payments}
      getRowKey={(row) => row.id}
      emptyMessage="No payments yet."
    />
  );
}
