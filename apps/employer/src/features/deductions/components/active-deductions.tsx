import { useId } from 'react';
import type { TDeductionEmployee } from '@payrail/contract/employer-deductions';
import { QueryFallback } from '@payrail/ui/query-fallback';
import { Table } from '@payrail/ui/table';
import type { TableColumn } from '@payrail/ui/table';
import { formatCents, formatDate } from '@payrail/client/format';
import { Badge } from '@payrail/ui/badge';
import styles from '@payrail/ui/styles/staff-page.module.css';
import { payrollFrequencyLabel } from '@payrail/ui/labels';
import { useDeductions } from '../api/deductions';

/** The next pay date deducted, and a leave (in progress or ahead) during which deductions pause. */
function NextDeduction({ employee: e, asOf }: { employee: TDeductionEmployee; asOf: string }) {
  const leave = e.paused_from && e.paused_to ? { from: e.paused_from, to: e.paused_to } : null;
  const onLeaveNow = leave !== null && leave.from <= asOf;
  return (
    <span className={styles.inline}>
      {onLeaveNow ? <Badge tone="warning">Paused</Badge> : <span>{e.next_pay_date ? formatDate(e.next_pay_date) : 'None left'}</span>}
      {leave ? (
        <span>
          {onLeaveNow ? 'Leave' : 'Pauses for a leave'} {formatDate(leave.from)} to {formatDate(leave.to)}
          {onLeaveNow && e.next_pay_date ? `; resumes ${formatDate(e.next_pay_date)}` : ''}
        </span>
      ) : null}
    </span>
  );
}

const columnsAsOf = (asOf: string): TableColumn<TDeductionEmployee>[] => [
  { key: 'name', header: 'Employee', cell: (e) => e.employee_name },
  { key: 'id', header: 'Employee id', cell: (e) => <span className={styles.mono}>{e.employee_id}</span> },
  { key: 'deduction', header: 'Deduction per pay period', align: 'end', cell: (e) => formatCents(e.deduction) },
  { key: 'first', header: 'First pay date', cell: (e) => formatDate(e.first_pay_date) },
  { key: 'last', header: 'Last pay date', cell: (e) => formatDate(e.last_pay_date) },
  { key: 'next', header: 'Next deduction', cell: (e) => <NextDeduction employee={e} asOf={asOf} /> },
];

/** The employees with an active payroll deduction. */
export function ActiveDeductions() {
  const id = useId();
  const deductions = useDeductions();
  return (
    <section className={styles.section} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Active deductions</h2>
      {deductions.data ? (
        <>
          <p className={styles.intro}>
            {deductions.data.employees.length === 1 ? '1 employee repays' : `${String(deductions.data.employees.length)} employees repay`} a Payrail loan by
            payroll deduction, paid {payrollFrequencyLabel(deductions.data.pay_frequency).toLowerCase()}. As of {formatDate(deductions.data.as_of)}.
          </p>
          <Table
            caption="Employees with an active payroll deduction"
            captionHidden
            columns={columnsAsOf(deductions.data.as_of)}
            rows={deductions.data.employees}
            getRowKey={(e) => `${e.employee_id}-${e.employee_name}`}
            emptyMessage="No employee has an active payroll deduction."
          />
        </>
      ) : (
        <QueryFallback query={deductions} loadingLabel="Loading the active deductions…" failure="We could not load the active deductions." />
      )}
    </section>
  );
}
