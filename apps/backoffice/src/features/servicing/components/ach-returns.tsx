import type { TAchReturnsResponse } from '@payrail/contract/servicing-backoffice';
import { Table } from '@payrail/ui/table';
import type { TableColumn } from '@payrail/ui/table';
import { notify } from '@payrail/ui/toast/notify';
import { formatCents, formatDate } from '@payrail/client/format';
import { FileUploadSection } from '../../../components/file-upload-section';
import styles from '@payrail/ui/styles/staff-page.module.css';
import { useApplyAchReturns } from '../api/apply-ach-returns';

export const RETURN_FILE_REQUIRED = 'Choose the NACHA return file.';
const MAX_BYTES = 5_242_880;

/** One row of the outcome: every line of the file lands in exactly one of the lists (applied, duplicates, referral payouts, unmatched). */
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
    ...a.applied.map((r) => ({
      ...r,
      outcome: 'Applied',
      detail: r.disbursement_id
        ? `Loan ${r.loan_identifier}: disbursement returned on ${formatDate(r.returned_on)}, the loan waits for a re-disbursement or a cancel`
        : r.refund_entry_id
          ? `Loan ${r.loan_identifier}: credit refund (entry #${r.refund_entry_id}) returned on ${formatDate(r.returned_on)}, the credit is held on the loan until another bank account is on file`
          : `Loan ${r.loan_identifier}, payment reversed on ${formatDate(r.returned_on)}`,
    })),
    ...a.duplicates.map((r) => ({
      ...r,
      outcome: 'Already applied',
      detail: `Loan #${r.loan_id}, ${r.disbursement_id ? 'disbursement ' : r.refund_entry_id ? 'credit refund ' : ''}returned ${r.returned_on ? formatDate(r.returned_on) : 'earlier'}`,
    })),
    ...(a.referral_payouts ?? []).map((r) => ({
      ...r,
      outcome: r.outcome === 'applied' ? 'Applied' : 'Already applied',
      detail:
        r.outcome === 'applied'
          ? `Referral payout #${r.referral_payout_id} (member #${r.user_id}) returned: the rewards are payable again, the member was told`
          : `Referral payout #${r.referral_payout_id} (member #${r.user_id}), returned ${formatDate(r.returned_at.slice(0, 10))}`,
    })),
    ...a.unmatched.map((r) => ({ ...r, outcome: 'Unmatched', detail: r.reason })),
  ].sort((x, y) => x.line - y.line);

type Correction = TAchReturnsResponse['corrections'][number];

const CORRECTION_OUTCOME: Record<Correction['outcome'], string> = { applied: 'Applied', already_applied: 'Already applied', not_applied: 'Not applied' };

const correctionColumns: TableColumn<Correction>[] = [
  { key: 'line', header: 'Line', align: 'end', cell: (r) => r.line },
  { key: 'trace', header: 'Original trace', cell: (r) => <span className={styles.mono}>{r.original_trace}</span> },
  { key: 'code', header: 'Change', cell: (r) => (r.change_reason ? `${r.change_code} ${r.change_reason}` : r.change_code) },
  { key: 'outcome', header: 'Outcome', cell: (r) => CORRECTION_OUTCOME[r.outcome] },
  { key: 'detail', header: 'Detail', cell: (r) => (r.loan_id ? `Loan #${r.loan_id}: ${r.detail}` : r.detail) },
];

/**
 * The bank's NACHA return file: each return is matched by its original trace number to our ACH debit and
 * applied (payment reversed, borrower told, R01/R09 re-presented), to our disbursement credit (the loan
 * waits for a re-disbursement or a cancel, on its servicing page), to a credit-balance refund's credit (the
 * refund reversed, the credit held on the loan, the borrower told), or to a referral payout's credit (its
 * rewards payable again, the member told); what was applied before or matches
 * nothing is listed, never applied. Notifications of change (COR) correct the debit's account and are
 * listed in a table of their own.
 */
export function AchReturnsUpload() {
  const call = useApplyAchReturns();
  const upload = async (file: File) => {
    const answer = await call.mutateAsync({ file: await file.text(), file_name: file.name });
    const changes = answer.corrections.length
      ? ` Notifications of change: ${answer.corrections.filter((c) => c.outcome === 'applied').length} applied of ${answer.corrections.length}.`
      : '';
    const payouts = answer.referral_payouts ?? [];
    const applied = answer.applied.length + payouts.filter((p) => p.outcome === 'applied').length;
    const duplicates = answer.duplicates.length + payouts.filter((p) => p.outcome === 'duplicate').length;
    notify.success(`Return file read: ${applied} applied, ${duplicates} already applied, ${answer.unmatched.length} unmatched.${changes}`);
  };

  return (
    <FileUploadSection
      title="Apply an ACH return file"
      label="Return file from the bank (NACHA)"
      hint="Returns are matched by the original trace number; uploading the same file again applies nothing twice."
      accept=".ach,.txt,text/plain"
      requiredMessage={RETURN_FILE_REQUIRED}
      maxSize={{ bytes: MAX_BYTES, message: 'The file is larger than 5 MB.' }}
      submitLabel="Apply returns"
      pending={call.isPending}
      upload={upload}
    >
      {call.data ? (
        <Table
          caption={`Returns in ${call.data.file_name ?? 'the file'}`}
          columns={columns}
          rows={rowsOf(call.data)}
          getRowKey={(r) => `${r.line}`}
          emptyMessage="The file holds no returns."
        />
      ) : null}
      {call.data?.corrections.length ? (
        <Table
          caption={`Notifications of change in ${call.data.file_name ?? 'the file'}`}
          columns={correctionColumns}
          rows={call.data.corrections}
          getRowKey={(r) => `${r.line}`}
        />
      ) : null}
    </FileUploadSection>
  );
}
