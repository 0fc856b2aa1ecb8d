import type { TEmployerRemittanceDetail, TReconciliationLine } from '@payrail/contract/employer-remittances';
import { Table } from '@payrail/ui/table';
import type { TableColumn } from '@payrail/ui/table';
import { formatCents, formatDate } from '@payrail/client/format';
import { Badge } from '@payrail/ui/badge';
import styles from '@payrail/ui/styles/staff-page.module.css';
import { STATUS_LABELS, STATUS_TONES } from './labels';

/** A difference with its sign: "−$25.00" short, "+$10.00" over, "$0.00" exact. */
export function formatDifference(cents: number): string {
  if (cents === 0) return formatCents(0);
  return `${cents < 0 ? '−' : '+'}${formatCents(Math.abs(cents))}`;
}

const columns: TableColumn<TReconciliationLine>[] = [
  { key: 'employee', header: 'Employee', cell: (l) => l.employee_name ?? 'Unknown' },
  { key: 'id', header: 'Employee id', cell: (l) => <span className={styles.mono}>{l.employee_id}</span> },
  { key: 'expected', header: 'Deduction', align: 'end', cell: (l) => formatCents(l.expected) },
  { key: 'remitted', header: 'Remitted', align: 'end', cell: (l) => formatCents(l.remitted) },
  { key: 'difference', header: 'Difference', align: 'end', cell: (l) => formatDifference(l.difference) },
  { key: 'status', header: 'Status', cell: (l) => <Badge tone={STATUS_TONES[l.status]}>{STATUS_LABELS[l.status]}</Badge> },
  { key: 'reason', header: 'Why', cell: (l) => l.reason },
];

/** The counts in words: "2 exact, 1 short". */
export function countsSummary(counts: TEmployerRemittanceDetail['counts']): string {
  const parts = (Object.keys(STATUS_LABELS) as (keyof typeof STATUS_LABELS)[])
    .filter((s) => counts[s] > 0)
    .map((s) => `${String(counts[s])} ${STATUS_LABELS[s].toLowerCase()}`);
  return parts.length > 0 ? parts.join(', ') : 'no lines';
}

/** One remittance's reconciliation: totals, then employee by employee. */
export function Reconciliation({ remittance }: { remittance: TEmployerRemittanceDetail }) {
  return (
    <div className={styles.stack}>
      <dl className={styles.dl}>
        <dt>Pay date</dt>
        <dd>{formatDate(remittance.pay_date)}</dd>
        <dt>Deductions due</dt>
        <dd>{formatCents(remittance.expected)}</dd>
        <dt>Remitted</dt>
        <dd>{formatCents(remittance.remitted)}</dd>
        <dt>Difference</dt>
        <dd>{formatDifference(remittance.remitted - remittance.expected)}</dd>
        <dt>Employees</dt>
        <dd>{countsSummary(remittance.counts)}</dd>
      </dl>
      <Table
        caption={`Reconciliation for the pay date ${formatDate(remittance.pay_date)}`}
        columns={columns}
        rows={remittance.lines}
        getRowKey={(l) => `${l.employee_id}-${l.status}`}
        emptyMessage="No lines."
      />
    </div>
  );
}
