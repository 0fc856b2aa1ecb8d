import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import { ZRemittanceErrors } from '@payrail/contract/servicing-backoffice';
import type { TRemittanceLine } from '@payrail/contract/servicing-backoffice';
import { Alert } from '@payrail/ui/alert';
import { Button } from '@payrail/ui/button';
import { FieldError, FieldHint, FieldLabel, fieldStyles } from '@payrail/ui/field';
import { Spinner } from '@payrail/ui/spinner';
import { Table } from '@payrail/ui/table';
import type { TableColumn } from '@payrail/ui/table';
import { TextField } from '@payrail/ui/text-field';
import { notify } from '@payrail/ui/toast/notify';
import { formatCents, formatDate } from '@payrail/client/format';
import { isApiError } from '@payrail/client/http-client';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import styles from '../../../components/page.module.css';
import { errorMessage } from '../../../lib/errors';
import { useImportRemittance, useResolveLine, useSuspense } from '../api/servicing';
import type { ResolveAction } from '../api/servicing';
import { REMITTANCE_STATUS_LABELS } from './labels';

export const FILE_REQUIRED = 'Choose the remittance CSV file.';
const MAX_BYTES = 5_000_000;

const lineColumns: TableColumn<TRemittanceLine>[] = [
  { key: 'line', header: 'Line', align: 'end', cell: (r) => r.line },
  { key: 'employer', header: 'Employer', cell: (r) => r.employer },
  { key: 'pay', header: 'Pay date', cell: (r) => formatDate(r.pay_date) },
  { key: 'borrower', header: 'Borrower', cell: (r) => <span className={styles.mono}>{r.borrower_identifier}</span> },
  { key: 'amount', header: 'Amount', align: 'end', cell: (r) => formatCents(r.amount) },
  { key: 'status', header: 'Status', cell: (r) => REMITTANCE_STATUS_LABELS[r.status] ?? r.status },
  { key: 'reason', header: 'Why', cell: (r) => r.suspense_reason ?? r.rejection_reason ?? (r.loan_id ? `Loan #${r.loan_id}` : '—') },
];

/** Import a payroll remittance file (CSV: employer, pay_date, borrower_identifier, amount in dollars). */
export function RemittanceImport() {
  const id = useId();
  const importCall = useImportRemittance();
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [error, setError] = useState<{ message: string; lines: { line: number; message: string }[] } | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    if (!file) {
      setFileError(FILE_REQUIRED);
      return;
    }
    if (file.size > MAX_BYTES) {
      setFileError('The file is larger than 5 MB.');
      return;
    }
    setFileError(null);
    try {
      const answer = await importCall.mutateAsync({ csv: await file.text(), file_name: file.name });
      notify.success(
        answer.duplicate
          ? 'This file was already imported; nothing new was posted.'
          : `Imported ${answer.lines.length === 1 ? '1 line' : `${answer.lines.length} lines`} (${formatCents(answer.total)}): ${answer.posted} posted, ${answer.suspense} in suspense.`,
      );
    } catch (failure) {
      const parsed = isApiError(failure) ? ZRemittanceErrors.safeParse(failure.data) : null;
      setError(parsed?.success ? { message: parsed.data.error, lines: parsed.data.line_errors } : { message: errorMessage(failure), lines: [] });
    }
  };

  return (
    <section className={styles.section} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Import a remittance file</h2>
      <form onSubmit={(event) => void submit(event)} noValidate className={styles.stack}>
        <div className={fieldStyles.field}>
          <FieldLabel htmlFor={`${id}-file`}>Remittance file (CSV)</FieldLabel>
          <input
            id={`${id}-file`}
            type="file"
            accept=".csv,text/csv"
            onChange={(event) => setFile(event.target.files?.[0] ?? null)}
            aria-invalid={fileError ? true : undefined}
            aria-describedby={`${id}-hint${fileError ? ` ${id}-error` : ''}`}
          />
          <FieldHint id={`${id}-hint`}>Columns: employer, pay_date (YYYY-MM-DD), borrower_identifier, amount (dollars, e.g. 150.00).</FieldHint>
          <FieldError id={`${id}-error`}>{fileError}</FieldError>
        </div>
        {error ? (
          <Alert kind="error" assertive title={error.message}>
            {error.lines.length > 0 ? (
              <ul>
                {error.lines.map((line) => (
                  <li key={`${line.line}-${line.message}`}>
                    Line {line.line}: {line.message}
                  </li>
                ))}
              </ul>
            ) : null}
          </Alert>
        ) : null}
        <div>
          <Button type="submit" loading={importCall.isPending}>
            Import and post
          </Button>
        </div>
      </form>
      {importCall.data ? (
        <Table caption={`Lines of remittance batch ${importCall.data.batch_id}`} columns={lineColumns} rows={importCall.data.lines} getRowKey={(r) => r.id} emptyMessage="No lines." />
      ) : null}
    </section>
  );
}

type Resolving = { line: TRemittanceLine; action: 'assign' | 'reject' } | null;

/** Unmatched remittance lines: assign to a loan (posts the payment) or reject with a reason. */
export function SuspenseList() {
  const id = useId();
  const suspense = useSuspense();
  const resolve = useResolveLine();
  const [resolving, setResolving] = useState<Resolving>(null);
  const [value, setValue] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);

  const close = () => {
    setResolving(null);
    setValue('');
    setFieldError(null);
    setServerError(null);
  };

  const confirm = async () => {
    if (!resolving) return;
    let body: ResolveAction;
    if (resolving.action === 'assign') {
      const loanId = Number(value.trim());
      if (!/^\d+$/.test(value.trim()) || loanId <= 0) {
        setFieldError('Enter the loan number (digits).');
        return;
      }
      body = { action: 'assign', loan_id: loanId };
    } else {
      if (value.trim().length < 3) {
        setFieldError('A reason is required (3 to 500 characters).');
        return;
      }
      body = { action: 'reject', reason: value.trim() };
    }
    setFieldError(null);
    try {
      await resolve.mutateAsync({ lineId: resolving.line.id, body });
      notify.success(resolving.action === 'assign' ? `Line ${resolving.line.line} posted to loan #${value.trim()}.` : `Line ${resolving.line.line} rejected.`);
      close();
    } catch (failure) {
      setServerError(errorMessage(failure));
    }
  };

  const columns: TableColumn<TRemittanceLine>[] = [
    ...lineColumns,
    {
      key: 'actions',
      header: <span className="visually-hidden">Actions</span>,
      label: 'Actions',
      cell: (r) => (
        <span className={styles.inline}>
          <Button size="sm" variant="secondary" onClick={() => setResolving({ line: r, action: 'assign' })} aria-label={`Assign line ${r.line} of batch ${r.batch_id}`}>
            Assign
          </Button>
          <Button size="sm" variant="secondary" onClick={() => setResolving({ line: r, action: 'reject' })} aria-label={`Reject line ${r.line} of batch ${r.batch_id}`}>
            Reject
          </Button>
        </span>
      ),
    },
  ];

  return (
    <section className={styles.section} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Suspense</h2>
      {suspense.isPending ? (
        <Spinner label="Loading the suspense list…" />
      ) : suspense.isError ? (
        <Alert kind="error">We could not load the suspense list.</Alert>
      ) : (
        <Table caption="Remittance lines in suspense" captionHidden columns={columns} rows={suspense.data.lines} getRowKey={(r) => r.id} emptyMessage="Nothing in suspense." />
      )}
      <ConfirmDialog
        open={resolving !== null}
        onClose={close}
        onConfirm={() => void confirm()}
        title={resolving?.action === 'assign' ? 'Post this line to a loan?' : 'Reject this line?'}
        description={resolving ? `${resolving.line.employer}, ${formatDate(resolving.line.pay_date)}, ${resolving.line.borrower_identifier}: ${formatCents(resolving.line.amount)}.` : undefined}
        confirmLabel={resolving?.action === 'assign' ? 'Post payment' : 'Reject line'}
        danger={resolving?.action === 'reject'}
        pending={resolve.isPending}
        error={serverError}
      >
        <TextField
          label={resolving?.action === 'assign' ? 'Loan number' : 'Reason'}
          inputMode={resolving?.action === 'assign' ? 'numeric' : undefined}
          value={value}
          onChange={(event) => setValue(event.target.value)}
          error={fieldError ?? undefined}
          required
        />
      </ConfirmDialog>
    </section>
  );
}
