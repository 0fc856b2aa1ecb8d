import { useEffect, useRef, useState } from 'react';
import type { TScheduledPayment } from '@payrail/contract/servicing';
import { Button } from '@payrail/ui/button';
import { Dialog } from '@payrail/ui/dialog';
import { Table } from '@payrail/ui/table';
import type { TableColumn } from '@payrail/ui/table';
import { notify } from '@payrail/ui/toast/notify';
import { formatCents, formatDate } from '@payrail/client/format';
import { isApiError } from '@payrail/client/http-client';
import { useCancelTransaction } from '../api/cancel-transaction';
import { payMethodLabel, paymentModeLabel } from '../lib/servicing-format';

/** Only payments still scheduled are listed (spec §4); each can be canceled. */
export function scheduledOnly(transactions: readonly TScheduledPayment[]): TScheduledPayment[] {
  return transactions.filter((transaction) => transaction.transaction_status === 'scheduled');
}

/**
 * The scheduled-payments table with cancel. Cancel asks first, in a dialog that names the payment (and
 * says that canceling an auto-debit's payment stops the auto-debit); "Keep the payment", Escape or the
 * close button leave it and focus returns to that row's Cancel button. Once confirmed: the spec's cancel
 * success notification naming the payment (a polite live region announces it) and focus on the list's
 * heading (the row is gone). 409 → "Payment in progress or already done."; other failures show the
 * server's error_messages one by one, or the default payment error.
 */
export function ScheduledPayments({
  transactions,
  headingLevel = 2,
  headingId = 'scheduled-payments',
}: {
  transactions: readonly TScheduledPayment[];
  headingLevel?: 2 | 3;
  headingId?: string;
}) {
  const cancel = useCancelTransaction();
  const [confirming, setConfirming] = useState<TScheduledPayment | null>(null);
  // What to say once the dialog is gone (the app's notifications host it again), and where focus goes.
  const [after, setAfter] = useState<{ kind: 'success' | 'error'; messages: string[] } | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const rows = scheduledOnly(transactions);
  const Heading = headingLevel === 2 ? 'h2' : 'h3';

  // Runs after the dialog's own effects (a parent's effects follow its children's): the dialog has returned
  // focus to the row's Cancel button, which is about to disappear; the list's heading takes it instead.
  useEffect(() => {
    if (!after || confirming) return;
    headingRef.current?.focus();
    for (const message of after.messages) (after.kind === 'success' ? notify.success : notify.error)(message);
    setAfter(null);
  }, [after, confirming]);

  const onConfirm = async (transaction: TScheduledPayment) => {
    // The outcome's wording loads with the request (lib/cancel-outcome.ts), not with the dashboard.
    const outcome = import('../lib/cancel-outcome');
    // Not awaited on every path (a 401 returns first): a failed load is then no unhandled rejection.
    outcome.catch(() => undefined);
    try {
      await cancel.mutateAsync(transaction.id);
      setAfter({ kind: 'success', messages: [(await outcome).canceledMessage(transaction)] });
    } catch (error) {
      if (isApiError(error) && [401, 403, 503].includes(error.status)) return setConfirming(null);
      setAfter({ kind: 'error', messages: (await outcome).cancelErrorMessages(error) });
    }
    setConfirming(null);
  };

  const columns: readonly TableColumn<TScheduledPayment>[] = [
    { key: 'date', header: 'Date', cell: (row) => formatDate(row.due_date) },
    { key: 'amount', header: 'Amount', align: 'end', cell: (row) => formatCents(row.amount) },
    { key: 'mode', header: 'Type', cell: (row) => paymentModeLabel(row.transaction_mode) },
    { key: 'method', header: 'Method', cell: (row) => payMethodLabel(row.pay_method) },
    {
      key: 'cancel',
      header: <span className="visually-hidden">Actions</span>,
      label: 'Actions',
      cell: (row) => (
        <Button
          size="sm"
          variant="secondary"
          onClick={() => setConfirming(row)}
          aria-label={`Cancel the payment of ${formatCents(row.amount)} on ${formatDate(row.due_date)}`}
        >
          Cancel
        </Button>
      ),
    },
  ];

  return (
    <>
      <Heading id={headingId} ref={headingRef} tabIndex={-1}>
        Scheduled payments
      </Heading>
      <Table caption="Scheduled payments" captionHidden columns={columns} rows={rows} getRowKey={(row) => row.id} emptyMessage="No scheduled payments." />
      <Dialog
        open={confirming !== null}
        onClose={() => {
          if (!cancel.isPending) setConfirming(null);
        }}
        title="Cancel this payment?"
        description={
          confirming ? (
            <>
              Your {paymentModeLabel(confirming.transaction_mode).toLowerCase()} payment of <strong>{formatCents(confirming.amount)}</strong> on{' '}
              <strong>{formatDate(confirming.due_date)}</strong> will not be debited.
              {confirming.transaction_mode === 'auto_debit'
                ? ' Canceling it also stops your auto-debit: no further payments will be debited automatically.'
                : ''}
            </>
          ) : null
        }
        footer={
          <>
            <Button variant="secondary" disabled={cancel.isPending} onClick={() => setConfirming(null)}>
              Keep the payment
            </Button>
            <Button variant="danger" loading={cancel.isPending} onClick={() => confirming && void onConfirm(confirming)}>
              Cancel the payment
            </Button>
          </>
        }
      />
    </>
  );
}
