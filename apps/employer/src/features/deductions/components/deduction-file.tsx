import { useId } from 'react';
import type { TDeductionFile, TDeductionFileLine } from '@payrail/contract/employer-deductions';
import { Alert } from '@payrail/ui/alert';
import { ErrorAlert } from '@payrail/ui/error-alert';
import { Button } from '@payrail/ui/button';
import { QueryFallback } from '@payrail/ui/query-fallback';
import { Table } from '@payrail/ui/table';
import type { TableColumn } from '@payrail/ui/table';
import { formatCents, formatDate } from '@payrail/client/format';
import { Badge } from '@payrail/ui/badge';
import styles from '@payrail/ui/styles/staff-page.module.css';
import { errorMessage } from '@payrail/ui/error-message';
import { useDeductionFile, useDownloadDeductionCsv } from '../api/deductions';
import { CHANGE_TONES, DEDUCTION_CHANGE_LABELS } from './labels';

const columns: TableColumn<TDeductionFileLine>[] = [
  { key: 'name', header: 'Employee', cell: (l) => l.employee_name },
  { key: 'id', header: 'Employee id', cell: (l) => <span className={styles.mono}>{l.employee_id}</span> },
  { key: 'deduction', header: 'Deduct', align: 'end', cell: (l) => formatCents(l.deduction) },
  { key: 'previous', header: 'Previous payroll', align: 'end', cell: (l) => (l.change === 'new' ? '—' : formatCents(l.previous_deduction)) },
  { key: 'change', header: 'Change', cell: (l) => <Badge tone={CHANGE_TONES[l.change]}>{DEDUCTION_CHANGE_LABELS[l.change]}</Badge> },
];

function changesSummary(changes: TDeductionFile['changes']): string {
  return `${String(changes.new)} new, ${String(changes.changed)} changed, ${String(changes.ended)} ended, ${String(changes.unchanged)} unchanged`;
}

/** What payroll deducts from whom on the next pay date, the changes since the previous one, and the CSV. */
export function DeductionFileSection() {
  const id = useId();
  const file = useDeductionFile();
  const download = useDownloadDeductionCsv();
  return (
    <section className={styles.section} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Deduction file for the next payroll</h2>
      {!file.data ? (
        <QueryFallback query={file} loadingLabel="Loading the deduction file…" failure="We could not load the deduction file." />
      ) : file.data.pay_date === null ? (
        <Alert kind="info">No payroll deduction is due on or after {formatDate(file.data.as_of)}.</Alert>
      ) : (
        <div className={styles.stack}>
          <dl className={styles.dl}>
            <dt>Pay date</dt>
            <dd>{formatDate(file.data.pay_date)}</dd>
            <dt>Compared with</dt>
            <dd>{file.data.previous_pay_date ? `the payroll of ${formatDate(file.data.previous_pay_date)}` : 'no earlier payroll (every line is new)'}</dd>
            <dt>Lines</dt>
            <dd>{file.data.lines.length}</dd>
            <dt>Changes</dt>
            <dd>{changesSummary(file.data.changes)}</dd>
            <dt>Total to deduct</dt>
            <dd>{formatCents(file.data.total)}</dd>
          </dl>
          <div className={styles.inline}>
            <Button
              variant="secondary"
              loading={download.isPending}
              onClick={() => download.mutate({ payDate: file.data.pay_date!, fileName: file.data.file_name ?? `deductions-${file.data.pay_date!}.csv` })}
            >
              Download CSV
            </Button>
            <span className={styles.lead}>Columns: pay_date, employee_id, employee_name, deduction (dollars), change.</span>
          </div>
          <ErrorAlert message={download.isError ? errorMessage(download.error, 'We could not download the file. Please try again.') : null} />
          <Table
            caption={`Deductions on ${formatDate(file.data.pay_date)}`}
            columns={columns}
            rows={file.data.lines}
            getRowKey={(l) => `${l.employee_id}-${l.change}`}
            emptyMessage="Nobody is deducted on this pay date."
          />
        </div>
      )}
    </section>
  );
}
