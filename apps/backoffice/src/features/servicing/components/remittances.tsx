import { useId, useState } from 'react';
import { ZRemittanceErrors } from '@payrail/contract/servicing-backoffice';
import type { TRemittanceLine } from '@payrail/contract/servicing-backoffice';
import { Button } from '@payrail/ui/button';
import { Table } from '@payrail/ui/table';
import type { TableColumn } from '@payrail/ui/table';
import { TextField } from '@payrail/ui/text-field';
import { notify } from '@payrail/ui/toast/notify';
import { formatCents, formatDate } from '@payrail/client/format';
import { isApiError } from '@payrail/client/http-client';
import { ConfirmDialog } from '@payrail/ui/confirm-dialog';
import { FileUploadSection } from '../../../components/file-upload-section';
import type { UploadFailure } from '../../../components/file-upload-section';
import styles from '@payrail/ui/styles/staff-page.module.css';
import { errorMessage } from '@payrail/ui/error-message';
import { useImportRemittance } from '../api/import-remittance';
import { useResolveLine } from '../api/resolve-line';
import { useSuspense } from '../api/get-suspense';
import type { ResolveAction } from '../api/resolve-line';
import { REMITTANCE_STATUS_LABELS, suspenseReasonLabel } from './labels';
import { QueryFallback } from '@payrail/ui/query-fallback';

export const FILE_REQUIRED = 'Choose the remittance CSV file.';
const MAX_BYTES = 5_000_000;

const lineColumns: TableColumn<TRemittanceLine>[] = [
  { key: 'line', header: 'Line', align: 'end', cell: (r) => r.line },
  { key: 'employer', header: 'Employer', cell: (r) => r.employer },
  { key: 'pay', header: 'Pay date', cell: (r) => formatDate(r.pay_date) },
  { key: 'borrower', header: 'Borrower', cell: (r) => <span className={styles.mono}>{r.borrower_identifier}</span> },
  { key: 'amount', header: 'Amount', align: 'end', cell: (r) => formatCents(r.amount) },
  { key: 'status', header: 'Status', cell: (r) => REMITTANCE_STATUS_LABELS[r.status] ?? r.status },
  {
    key: 'reason',
    header: 'Why',
    cell: (r) => (r.suspense_reason ? suspenseReasonLabel(r.suspense_reason) : (r.rejection_reason ?? (r.loan_id ? `Loan #${r.loan_id}` : '—'))),
  },
];

/** Import a payroll remittance file (CSV: employer, pay_date, borrower_identifier, amount in dollars). */
export function RemittanceImport() {
  const importCall = useImportRemittance();
  const upload = async (file: File) => {
    const answer = await importCall.mutateAsync({ csv: await file.text(), file_name: file.name });
    notify.success(
      answer.duplicate
        ? 'This file was already imported; nothing new was posted.'
        : `Imported ${answer.lines.length === 1 ? '1 line' : `${answer.lines.length} lines`} (${formatCents(answer.total)}): ${answer.posted} posted, ${answer.suspense} in suspense.`,
    );
  };

  return (
    <FileUploadSection
      title="Import a remittance file"
      label="Remittance file (CSV)"
      hint="Columns: employer, pay_date (YYYY-MM-DD), borrower_identifier, amount (dollars, e.g. 150.00)."
      accept=".csv,text/csv"
      requiredMessage={FILE_REQUIRED}
      maxSize={{ bytes: MAX_BYTES, message: 'The file is larger than 5 MB.' }}
      submitLabel="Import and post"
      pending={importCall.isPending}
      upload={upload}
      describeFailure={describeImportFailure}
    >
      {importCall.data ? (
        <Table
          caption={`Lines of remittance batch ${importCall.data.batch_id}`}
          columns={lineColumns}
          rows={importCall.data.lines}
          getRowKey={(r) => r.id}
          emptyMessage="No lines."
        />
      ) : null}
    </FileUploadSection>
  );
}

/** A refused import: the server's message and, for a malformed file, each line's problem. */
function describeImportFailure(failure: unknown): UploadFailure {
  const parsed = isApiError(failure) ? ZRemittanceErrors.safeParse(failure.data) : null;
  if (!parsed?.success) return { title: errorMessage(failure) };
  const lines = parsed.data.line_errors;
  return {
    title: parsed.data.error,
    details:
      lines.length > 0 ? (
        <ul>
          {lines.map((line) => (
            <li key={`${line.line}-${line.message}`}>
              Line {line.line}: {line.message}
            </li>
          ))}
        </ul>
      ) : null,
  };
}

type Resolving = { line: TRemittanceLine; action: 'assign' | 'reject' } | null;

/** A suspense line's two ways out, one button each. */
const RESOLVE_BUTTONS = [
  { action: 'assign', label: 'Assign' },
  { action: 'reject', label: 'Reject' },
] as const;

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
          {RESOLVE_BUTTONS.map(({ action, label }) => (
            <Button
              key={action}
              size="sm"
              variant="secondary"
              onClick={() => setResolving({ line: r, action })}
              aria-label={`${label} line ${r.line} of batch ${r.batch_id}`}
            >
              {label}
            </Button>
          ))}
        </span>
      ),
    },
  ];

  return (
    <section className={styles.section} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Suspense</h2>
      {suspense.data ? (
        <Table
          caption="Remittance lines in suspense"
          captionHidden
          columns={columns}
          rows={suspense.data.lines}
          getRowKey={(r) => r.id}
          emptyMessage="Nothing in suspense."
        />
      ) : (
        <QueryFallback query={suspense} loadingLabel="Loading the suspense list…" failure="We could not load the suspense list." />
      )}
      <ConfirmDialog
        open={resolving !== null}
        onClose={close}
        onConfirm={() => void confirm()}
        title={resolving?.action === 'assign' ? 'Post this line to a loan?' : 'Reject this line?'}
        description={
          resolving
            ? `${resolving.line.employer}, ${formatDate(resolving.line.pay_date)}, ${resolving.line.borrower_identifier}: ${formatCents(resolving.line.amount)}.`
            : undefined
        }
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
