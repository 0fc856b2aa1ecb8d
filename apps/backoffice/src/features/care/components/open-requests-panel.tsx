import { Alert } from '@payrail/ui/alert';
import { ErrorAlert } from '@payrail/ui/error-alert';
import { Button } from '@payrail/ui/button';
import { LoadingBlock } from '@payrail/ui/spinner';
import { Table } from '@payrail/ui/table';
import type { TableColumn } from '@payrail/ui/table';
import { notify } from '@payrail/ui/toast/notify';
import type { TOpenRequest } from '@payrail/contract/care';
import { errorMessage } from '@payrail/ui/error-message';
import { useCan } from '../../../lib/roles';
import { formatUsDate } from '../../../lib/labels';
import { useMemberRequests } from '../api/get-member-requests';
import { useRemindRequests } from '../api/remind-requests';

const STATUS: Record<TOpenRequest['status'], string> = { to_do: 'Waiting on borrower', in_progress: 'In progress' };
const columns: readonly TableColumn<TOpenRequest>[] = [
  { key: 'title', header: 'Request', cell: (r) => r.title },
  { key: 'detail', header: 'Detail', cell: (r) => r.detail },
  { key: 'status', header: 'Status', cell: (r) => STATUS[r.status] },
  { key: 'since', header: 'Since', cell: (r) => (r.since ? formatUsDate(r.since.slice(0, 10)) : '—') },
];

/**
 * The borrower's open requests as the borrower sees them, and a reminder notification (issue #13). The
 * reminder is a write (capability `remind`) capped per borrower per business day: the server's refusal
 * (the cap, with what to do) is shown next to the button.
 */
export function OpenRequestsPanel({ userId }: { userId: number }) {
  const requests = useMemberRequests(userId);
  const remind = useRemindRequests(userId);
  const canRemind = useCan('remind');
  if (requests.isPending) return <LoadingBlock label="Loading open requests…" />;
  if (!requests.data) return <Alert kind="error">{errorMessage(requests.error)}</Alert>;
  const rows = requests.data.requests;
  return (
    <>
      <Table caption="Open requests" captionHidden columns={columns} rows={rows} getRowKey={(r) => r.key} emptyMessage="Nothing is waiting on the borrower." />
      {rows.length > 0 && canRemind ? (
        <>
          <ErrorAlert message={remind.isError ? errorMessage(remind.error) : null} />
          <div>
            <Button
              variant="secondary"
              loading={remind.isPending}
              onClick={() =>
                remind.mutate(undefined, {
                  onSuccess: (res) => notify.success(`Reminder sent: ${res.message}`),
                })
              }
            >
              Remind the borrower
            </Button>
          </div>
        </>
      ) : null}
    </>
  );
}
