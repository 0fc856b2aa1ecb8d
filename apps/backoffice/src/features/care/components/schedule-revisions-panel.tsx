import { Link } from 'react-router';
import { Alert } from '@payrail/ui/alert';
import { LoadingBlock } from '@payrail/ui/spinner';
import { Table } from '@payrail/ui/table';
import type { TableColumn } from '@payrail/ui/table';
import type { TScheduleRevision, TScheduleRevisions } from '@payrail/contract/care';
import { DownloadButton } from '../../../components/download-button';
import { errorMessage } from '@payrail/ui/error-message';
import { formatDateTime } from '../../../lib/labels';
import { downloadDueDateChangeAgreement } from '../api/download-due-date-change';
import { useScheduleRevisions } from '../api/get-schedule-revisions';

const KIND_NAMES: Record<TScheduleRevision['kind'], string> = { due_date_change: 'Due date change', hardship: 'Hardship' };

/** The first moved payment, "03/02/2029 → 03/12/2029", or '—'. */
function firstMove(r: TScheduleRevision): string {
  const i = r.due_dates_after.findIndex((d, k) => d !== r.due_dates_before[k]);
  return i < 0 ? '—' : `Payment ${i + 1}: ${r.due_dates_before[i]} → ${r.due_dates_after[i]}`;
}

const revisionColumns: readonly TableColumn<TScheduleRevision>[] = [
  {
    key: 'kind',
    header: 'Kind',
    cell: (r) => (r.kind === 'hardship' ? <Link to={`/hardship/${r.source_id}`}>{`${KIND_NAMES.hardship} request #${r.source_id}`}</Link> : KIND_NAMES[r.kind]),
  },
  { key: 'at', header: 'When', cell: (r) => formatDateTime(r.created_at) },
  { key: 'moved', header: 'Dates moved', cell: (r) => `${r.dates_moved} (${firstMove(r)})` },
  { key: 'apr', header: 'APR before → after', cell: (r) => `${r.apr_before}% → ${r.apr_after}%` },
  { key: 'staff', header: 'Staff', cell: (r) => r.staff?.name ?? 'Borrower (self-service)' },
];

type Change = TScheduleRevisions['due_date_changes'][number];

function AgreementButton({ loanId, change }: { loanId: number; change: Change }) {
  return (
    <DownloadButton
      fetchFile={() => downloadDueDateChangeAgreement(loanId, change.id)}
      fileName={change.document.file_name}
      failure="We could not download the agreement. Please try again."
      label={`Download the signed agreement of request ${change.id}`}
    >
      Signed PDF
    </DownloadButton>
  );
}

/**
 * The loan's schedule revisions (due-date changes and hardship deferrals, as servicing applied them) and
 * the borrower's due-date change requests with their signature evidence and the signed agreement.
 */
export function ScheduleRevisionsPanel({ loanId }: { loanId: number }) {
  const data = useScheduleRevisions(loanId);
  if (data.isPending) return <LoadingBlock label="Loading schedule revisions…" />;
  if (!data.data) return <Alert kind="error">{errorMessage(data.error)}</Alert>;
  const changeColumns: readonly TableColumn<Change>[] = [
    { key: 'id', header: 'Request', cell: (c) => `#${c.id}` },
    { key: 'date', header: 'New due date', cell: (c) => c.requested_date },
    { key: 'signed', header: 'Signed', cell: (c) => `${formatDateTime(c.signed_at)} as ${c.signature_name}` },
    { key: 'ip', header: 'IP', cell: (c) => c.ip ?? '—' },
    { key: 'apr', header: 'APR before → after', cell: (c) => `${c.old_apr}% → ${c.new_apr}%` },
    { key: 'status', header: 'Status', cell: (c) => (c.status === 'applied' ? 'Applied' : c.status) },
    { key: 'pdf', header: 'Agreement', cell: (c) => <AgreementButton loanId={loanId} change={c} /> },
  ];
  return (
    <>
      <Table
        caption="Schedule revisions"
        columns={revisionColumns}
        rows={data.data.revisions}
        getRowKey={(r) => r.id}
        emptyMessage="The loan's due dates were never revised."
      />
      <Table
        caption="Due date change requests"
        columns={changeColumns}
        rows={data.data.due_date_changes}
        getRowKey={(c) => c.id}
        emptyMessage="No due date change was requested."
      />
    </>
  );
}
