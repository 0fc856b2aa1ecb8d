import { useState } from 'react';
import { Alert } from '@payrail/ui/alert';
import { Button } from '@payrail/ui/button';
import { Dialog } from '@payrail/ui/dialog';
import { LoadingBlock } from '@payrail/ui/spinner';
import { Table } from '@payrail/ui/table';
import type { TableColumn } from '@payrail/ui/table';
import { notify } from '@payrail/ui/toast/notify';
import type { TConsentRecord } from '@payrail/contract/care';
import { errorMessage } from '@payrail/ui/error-message';
import { formatDateTime } from '../../../lib/labels';
import { useMemberConsents } from '../api/get-member-consents';
import { useRecordWithdrawal } from '../api/withdraw-consent';

const columns: readonly TableColumn<TConsentRecord>[] = [
  { key: 'title', header: 'Document', cell: (r) => (r.detail ? `${r.title} — ${r.detail}` : r.title) },
  { key: 'version', header: 'Version', cell: (r) => r.version },
  { key: 'at', header: 'Accepted', cell: (r) => formatDateTime(r.accepted_at) },
  { key: 'ip', header: 'IP', cell: (r) => r.ip ?? '—' },
  { key: 'revoked', header: 'Revoked', cell: (r) => (r.revoked_at ? formatDateTime(r.revoked_at) : '—') },
];

/**
 * The borrower's consents and delivery (paper while the E-SIGN consent is withdrawn: the address to mail).
 * Servicers and admins record a withdrawal the borrower gave by phone or mail.
 */
export function ConsentsPanel({ userId, canRecord }: { userId: number; canRecord: boolean }) {
  const consents = useMemberConsents(userId);
  const record = useRecordWithdrawal(userId);
  const [open, setOpen] = useState(false);
  if (consents.isPending) return <LoadingBlock label="Loading consents…" />;
  if (!consents.data) return <Alert kind="error">{errorMessage(consents.error)}</Alert>;
  const ec = consents.data.electronic_communications;
  return (
    <>
      <p>
        <strong>Delivery:</strong>{' '}
        {ec.delivery === 'paper'
          ? `Paper by U.S. mail${ec.mailing_address ? ` to ${ec.mailing_address}` : ' (no address on file)'} — E-SIGN consent withdrawn ${formatDateTime(ec.withdrawn_at)}`
          : ec.state === 'never_given'
            ? 'No E-SIGN consent on file'
            : 'Electronic (E-SIGN consent in effect)'}
      </p>
      <Table
        caption="Consents"
        captionHidden
        columns={columns}
        rows={consents.data.records}
        getRowKey={(r) => r.key}
        emptyMessage="Nothing accepted or signed."
      />
      {canRecord && ec.state === 'given' ? (
        <Button variant="secondary" onClick={() => setOpen(true)}>
          Record a consent withdrawal
        </Button>
      ) : null}
      <Dialog
        open={open}
        onClose={() => setOpen(false)}
        title="Record a withdrawal of the E-SIGN consent?"
        description="Only when the borrower asked by phone, e-mail or mail. The borrower is notified and moves to paper delivery; the action is audited."
        footer={
          <>
            <Button variant="secondary" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button
              variant="danger"
              loading={record.isPending}
              onClick={() =>
                record.mutate(undefined, {
                  onSuccess: () => {
                    setOpen(false);
                    notify.success('Withdrawal recorded: paper delivery.');
                  },
                  onError: (error) => notify.error(errorMessage(error)),
                })
              }
            >
              Record withdrawal
            </Button>
          </>
        }
      >
        <ul>
          {ec.consequences.map((c) => (
            <li key={c}>{c}</li>
          ))}
        </ul>
      </Dialog>
    </>
  );
}
