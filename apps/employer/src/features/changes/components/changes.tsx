import { useId, useState } from 'react';
import { EMPLOYEE_CHANGE_KIND_LABELS, EMPLOYEE_CHANGE_KINDS, PAY_FREQUENCIES, ZEmployeeChangeRequest } from '@payrail/contract/employer-deductions';
import type { EmployeeChangeKind, TEmployeeChange } from '@payrail/contract/employer-deductions';
import { Alert } from '@payrail/ui/alert';
import { ErrorAlert } from '@payrail/ui/error-alert';
import { Button } from '@payrail/ui/button';
import { Form } from '@payrail/ui/form';
import { Select } from '@payrail/ui/select';
import { QueryFallback } from '@payrail/ui/query-fallback';
import { Table } from '@payrail/ui/table';
import type { TableColumn } from '@payrail/ui/table';
import { TextField } from '@payrail/ui/text-field';
import { formatDate } from '@payrail/client/format';
import styles from '@payrail/ui/styles/staff-page.module.css';
import { PAYROLL_FREQUENCY_LABELS } from '@payrail/ui/labels';
import { errorMessage } from '@payrail/ui/error-message';
import { useChanges, useReportChange } from '../api/changes';

const KIND_HINTS: Record<EmployeeChangeKind, string> = {
  termination: 'The last day of employment. The payroll deduction ends; the borrower repays another way.',
  leave: 'The first day of the leave. Deductions pause for pay dates during the leave.',
  pay_frequency: 'The first pay date on the new frequency.',
};

export interface EmployeeOption {
  employeeId: string;
  employeeName: string;
}

/** Report a termination, leave or pay-frequency change for an employee with a deduction. */
export function ReportChange({ employees }: { employees: readonly EmployeeOption[] }) {
  const id = useId();
  const report = useReportChange();
  const [done, setDone] = useState<TEmployeeChange | null>(null);
  return (
    <section className={styles.section} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Report a change</h2>
      {employees.length === 0 ? (
        <p>No employee has an active payroll deduction, so there is nothing to report.</p>
      ) : (
        <Form
          schema={ZEmployeeChangeRequest}
          options={{ defaultValues: { employee_id: '', kind: 'termination', effective_date: '', leave_end_date: null, new_pay_frequency: null } }}
          aria-labelledby={`${id}-title`}
          className={styles.fieldGrid}
          onSubmit={async (values, form) => {
            setDone(null);
            const change = await report
              .mutateAsync({
                ...values,
                leave_end_date: values.kind === 'leave' ? values.leave_end_date : null,
                new_pay_frequency: values.kind === 'pay_frequency' ? values.new_pay_frequency : null,
              })
              .catch(() => null);
            if (change) {
              setDone(change);
              form.reset();
            }
          }}
        >
          {({ register, formState, watch }) => {
            const kind = watch('kind');
            return (
              <>
                <ErrorAlert message={report.isError ? errorMessage(report.error, 'We could not record the change. Please try again.') : null} />
                {done ? (
                  <Alert kind="success" title={`${EMPLOYEE_CHANGE_KIND_LABELS[done.kind]} recorded for ${done.employee_name}`}>
                    {done.outcome_label}
                  </Alert>
                ) : null}
                <Select
                  label="Employee"
                  placeholder="Choose an employee…"
                  options={employees.map((e) => ({ value: e.employeeId, label: `${e.employeeName} (${e.employeeId})` }))}
                  required
                  error={formState.errors.employee_id?.message}
                  {...register('employee_id')}
                />
                <Select
                  label="Change"
                  options={EMPLOYEE_CHANGE_KINDS.map((k) => ({ value: k, label: EMPLOYEE_CHANGE_KIND_LABELS[k] }))}
                  required
                  error={formState.errors.kind?.message}
                  {...register('kind')}
                />
                <TextField
                  label={kind === 'leave' ? 'First day of the leave' : kind === 'termination' ? 'Last day of employment' : 'Effective date'}
                  type="date"
                  hint={KIND_HINTS[kind]}
                  required
                  error={formState.errors.effective_date?.message}
                  {...register('effective_date')}
                />
                {kind === 'leave' ? (
                  <TextField
                    label="Last day of the leave"
                    type="date"
                    required
                    error={formState.errors.leave_end_date?.message}
                    {...register('leave_end_date')}
                  />
                ) : null}
                {kind === 'pay_frequency' ? (
                  <Select
                    label="New pay frequency"
                    placeholder="Choose…"
                    options={PAY_FREQUENCIES.map((f) => ({ value: f, label: PAYROLL_FREQUENCY_LABELS[f] }))}
                    required
                    error={formState.errors.new_pay_frequency?.message}
                    {...register('new_pay_frequency')}
                  />
                ) : null}
                <div className={styles.fieldGridRow}>
                  <Button type="submit" loading={formState.isSubmitting}>
                    Report the change
                  </Button>
                </div>
              </>
            );
          }}
        </Form>
      )}
    </section>
  );
}

const columns: TableColumn<TEmployeeChange>[] = [
  { key: 'reported', header: 'Reported', cell: (c) => `${formatDate(c.reported_at)}${c.reported_by ? ` by ${c.reported_by}` : ''}` },
  { key: 'employee', header: 'Employee', cell: (c) => `${c.employee_name} (${c.employee_id})` },
  { key: 'kind', header: 'Change', cell: (c) => EMPLOYEE_CHANGE_KIND_LABELS[c.kind] },
  {
    key: 'when',
    header: 'Effective',
    cell: (c) =>
      c.kind === 'leave' && c.leave_end_date
        ? `${formatDate(c.effective_date)} to ${formatDate(c.leave_end_date)}`
        : `${formatDate(c.effective_date)}${c.new_pay_frequency ? ` (${PAYROLL_FREQUENCY_LABELS[c.new_pay_frequency].toLowerCase()})` : ''}`,
  },
  { key: 'outcome', header: 'What happens', cell: (c) => c.outcome_label },
];

/** The changes reported so far. */
export function ChangeHistory() {
  const id = useId();
  const changes = useChanges();
  return (
    <section className={styles.section} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Changes reported</h2>
      {changes.data ? (
        <Table
          caption="Changes reported"
          captionHidden
          columns={columns}
          rows={changes.data.changes}
          getRowKey={(c) => c.id}
          emptyMessage="No change reported yet."
        />
      ) : (
        <QueryFallback query={changes} loadingLabel="Loading the changes…" failure="We could not load the changes." />
      )}
    </section>
  );
}
