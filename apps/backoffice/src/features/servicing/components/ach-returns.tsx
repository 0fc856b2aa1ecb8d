import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import type { TAchReturnsResponse } from '@payrail/contract/servicing-backoffice';
import { Alert } from '@payrail/ui/alert';
import { Button } from '@payrail/ui/button';
import { FieldError, FieldHint, FieldLabel, fieldStyles } from '@payrail/ui/field';
import { Table } from '@payrail/ui/table';
import type { TableColumn } from '@payrail/ui/table';
import { notify } from '@payrail/ui/toast/notify';
import { formatCents, formatDate } from '@payrail/client/format';
import styles from '../../../components/page.module.css';
import { errorMessage } from '../../../lib/errors';
import { useApplyAchReturns } from '../api/servicing';

export const RETURN_FILE_REQUIRED = 'Choose the NACHA return file.';
const MAX_BYTES = 5_242_880;

/** One row of the outcome: every line of the file lands in exactly one of the three lists. */
type Row = { line: number; original_trace: string; return_code: string; return_reason: string | null; amount: number; outcome: string; detail: string };

const columns: TableColumn<Row>[] = [
  { key: 'line', header: 'Line', align: 'end', cell: (r) => r.line },
  { key: 'trace', header: 'Original trace', cell: (r) => <span className={styles.mono}>{r.original_trace}</span> },
  { key: 'code', header: 'Return', cell: (r) => (r.return_reason ? `${r.return_code} ${r.return_reason}` : r.return_code) },
  { key: 'amount', header: 'Amount', align: 'end', cell: (r) => formatCents(r.amount) },
  { key: 'outcome', header: 'Outcome', cell: (r) => r.outcome },
  { key: 'detail', header: 'Detail', cell: (r) => r.detail },
];

const rowsOf = (a: TAchReturnsResponse): Row[] =>
  [
    ...a.applied.map((r) => ({ ...r, outcome: 'Applied', detail: `Loan ${r.loan_identifier}, payment reversed on ${formatDate(r.returned_on)}` })),
    ...a.duplicates.map((r) => ({ ...r, outcome: 'Already applied', detail: `Loan #${r.loan_id}, returned ${r.returned_on ? formatDate(r.returned_on) : 'earlier'}` })),
    ...a.unmatched.map((r) => ({ ...r, outcome: 'Unmatched', detail: r.reason })),
  ].sort((x, y) => x.line - y.line);

/**
 * The bank's NACHA return file: each return is matched by its original trace number to our ACH debit and
 * applied (payment reversed, borrower told, R01/R09 re-presented); what was applied before or matches
 * nothing is listed, never applied.
 */
export function AchReturnsUpload() {
  const id = useId();
  const call = useApplyAchReturns();
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    if (!file) {
      setFileError(RETURN_FILE_REQUIRED);
      return;
    }
    if (file.size > MAX_BYTES) {
      setFileError('The file is larger than 5 MB.');
      return;
    }
    setFileError(null);
    try {
      const answer = await call.mutateAsync({ file: await file.text(), file_name: file.name });
      notify.success(`Return file read: ${answer.applied.length} applied, ${answer.duplicates.length} already applied, ${answer.unmatched.length} unmatched.`);
    } catch (failure) {
      setError(errorMessage(failure));
    }
  };

  return (
    <section className={styles.section} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Apply an ACH return file</h2>
      <form onSubmit={(event) => void submit(event)} noValidate className={styles.stack}>
        <div className={fieldStyles.field}>
          <FieldLabel htmlFor={`${id}-file`}>Return file from the bank (NACHA)</FieldLabel>
          <input
            id={`${id}-file`}
            type="file"
            accept=".ach,.txt,text/plain"
            onChange={(event) => setFile(event.target.files?.[0] ?? null)}
            aria-invalid={fileError ? true : undefined}
            aria-describedby={`${id}-hint${fileError ? ` ${id}-error` : ''}`}
          />
          <FieldHint id={`${id}-hint`}>Returns are matched by the original trace number; uploading the same file again applies nothing twice.</FieldHint>
          <FieldError id={`${id}-error`}>{fileError}</FieldError>
        </div>
        {error ? <Alert kind="error" assertive title={error} /> : null}
        <div>
          <Button type="submit" loading={call.isPending}>
            Apply returns
          </Button>
        </div>
      </form>
      {call.data ? (
        <Table caption={`Returns in ${call.data.file_name ?? 'the file'}`} columns={columns} rows={rowsOf(call.data)} getRowKey={(r) => `${r.line}`} emptyMessage="The file holds no returns." />
      ) : null}
    </section>
  );
}
