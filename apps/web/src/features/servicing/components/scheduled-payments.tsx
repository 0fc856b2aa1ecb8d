import { useState } from 'react';
import { PAYMENT_MSG } from '@payrail/contract/servicing';
import type { TScheduledPayment } from '@payrail/contract/servicing';
import { Button } from '@payrail/ui/button';
import { Table } from '@payrail/ui/table';
import type { TableColumn } from '@payrail/ui/table';
import { notify } from '@payrail/ui/toast/notify';
import { formatCents, formatDate } from '@payrail/client/format';
import { isApiError } from '@payrail/client/http-client';
import { paymentErrorMessages, useCancelTransaction } from '../api/servicing';
import { payMethodLabel, paymentModeLabel } from '../lib/servicing-format';

/** Only payments still scheduled are listed (spec §4); each can be canceled. */
export function scheduledOnly(transactions: readonly TScheduledPayment[]): TScheduledPayment[] {
  return transactions.filter((transaction) => transaction.transaction_status === 'scheduled');
}

/**
 * The scheduled-payments table with cancel. 409 → "Payment in progress or already done."; other
 * failures show the server's error_messages one by one, or the default payment error.
 */
export function ScheduledPayments({ transactions, headingLevel = 2, headingId = 'scheduled-payments' }: { transactions: readonly TScheduledPayment[]; headingLevel?: 2 | 3; headingId?: string }) {
  const cancel = useCancelTransaction();
  const [canceling, setCanceling] = useState<number | null>(null);
  const rows = scheduledOnly(transactions);
  const Heading = headingLevel === 2 ? 'h2' : 'h3';

  const onCancel = async (transaction: TScheduledPayment) => {
    setCanceling(transaction.id);
    try {
      await cancel.mutateAsync(transaction.id);
      notify.success(PAYMENT_MSG.canceled);
    } catch (error) {
      if (isApiError(error) && [401, 403, 503].includes(error.status)) return;
      const messages = isApiError(error) && error.status === 409 ? [PAYMENT_MSG.inProgressOrDone] : paymentErrorMessages(error);
      for (const message of messages) notify.error(message);
    } finally {
      setCanceling(null);
    }
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
        <Button size="sm" variant="secondary" loading={canceling === row.id} onClick={() => void onCancel(row)} aria-label={`Cancel the payment of ${formatCents(row.amount)} on ${formatDate(row.due_date)}`}>
          Cancel
        </Button>
      ),
    },
  ];

  return (
    <>
      <Heading id={headingId}>Scheduled payments</Heading>
      <Table caption="Scheduled payments" captionHidden columns={columns} rows={rows} getRowKey={(row) => row.id} emptyMessage="No scheduled payments." />
    </>
  );
}
