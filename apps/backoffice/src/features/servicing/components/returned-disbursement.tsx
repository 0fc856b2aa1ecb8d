import { useRef, useState } from 'react';
import type { TLoanServicingResponse } from '@payrail/contract/servicing-backoffice';
import { Alert } from '@payrail/ui/alert';
import { Button } from '@payrail/ui/button';
import { Table } from '@payrail/ui/table';
import type { TableColumn } from '@payrail/ui/table';
import { notify } from '@payrail/ui/toast/notify';
import { formatCents, formatDate } from '@payrail/client/format';
import { ConfirmDialog, ReasonConfirmDialog } from '@payrail/ui/confirm-dialog';
import styles from '@payrail/ui/styles/staff-page.module.css';
import { errorMessage } from '@payrail/ui/error-message';
import { newIdempotencyKey } from '../../../lib/idempotency';
import { useCan } from '../../../lib/roles';
import { useCancelUndelivered } from '../api/cancel-undelivered';
import { useRedisburse } from '../api/redisburse';
import { REASON_RULE } from './labels';

type Disbursement = TLoanServicingResponse['disbursements'][number];

const STATUS_LABELS: Readonly<Record<Disbursement['status'], string>> = {
  pending: 'Sent to the bank',
  settled: 'Settled',
  returned: 'Returned',
  canceled: 'Canceled, never sent',
};
const RETRY_TEXT = 'The re-disbursement did not go through. You can safely try again.';

/** The columns; `unsentId` is the credit written but not sent yet (the loan's `credit_unsent`), whose status reads so. */
const columnsOf = (unsentId: number | null): TableColumn<Disbursement>[] => [
  { key: 'date', header: 'Date', cell: (r) => formatDate(r.created_at.slice(0, 10)) },
  { key: 'amount', header: 'Amount', align: 'end', cell: (r) => formatCents(r.amount) },
  { key: 'account', header: 'To account', cell: (r) => (r.account_last4 ? `ending ${r.account_last4}` : '—') },
  { key: 'status', header: 'Status', cell: (r) => (r.id === unsentId ? 'Not sent yet' : STATUS_LABELS[r.status]) },
  {
    key: 'outcome',
    header: 'Outcome',
    cell: (r) =>
      r.status === 'returned'
        ? `${r.return_code ?? ''} ${r.return_reason ?? ''} on ${formatDate(r.returned_on)}`.trim()
        : r.retry_of_id
          ? `Re-disbursement of #${r.retry_of_id}`
          : '—',
  },
  { key: 'trace', header: 'Trace number', cell: (r) => <span className={styles.mono}>{r.trace_number ?? r.trace_id}</span> },
];

/** The loan's disbursements (ACH credits to the borrower), with a returned one's code and date. */
export function DisbursementsTable({ data }: { data: TLoanServicingResponse }) {
  return (
    <Table
      caption={`Disbursements of loan ${data.loan.identifier}`}
      captionHidden
      columns={columnsOf(data.credit_unsent ? (data.disbursements.at(-1)?.id ?? null) : null)}
      rows={data.disbursements}
      getRowKey={(r) => r.id}
      emptyMessage="No disbursements."
    />
  );
}

/**
 * A loan whose disbursement came back from the borrower's bank waits (pending: no debit is taken). A
 * servicer re-disburses it to the borrower's corrected, verified receiving account (one Idempotency-Key
 * per attempt, kept until the server answers, so a retry sends one credit) or cancels the loan with a
 * reason (closed, nothing owed). Both tell the borrower and are audited.
 */
export function ReturnedDisbursement({ data, loanId }: { data: TLoanServicingResponse; loanId: number }) {
  const canAct = useCan('fund');
  const redisburse = useRedisburse(loanId);
  const cancel = useCancelUndelivered(loanId);
  const keyRef = useRef<string | null>(null);
  const [dialog, setDialog] = useState<'redisburse' | 'cancel' | null>(null);
  const [cancelError, setCancelError] = useState<string | null>(null);

  const returned = data.disbursements.at(-1);
  if (!data.disbursement_returned || !returned) return null;
  const amount = formatCents(returned.amount);

  const close = () => {
    setDialog(null);
    setCancelError(null);
    redisburse.reset();
  };

  const confirmRedisburse = () => {
    keyRef.current ??= newIdempotencyKey();
    redisburse.mutate(keyRef.current, {
      onSuccess: (answer) => {
        keyRef.current = null;
        close();
        notify.success(
          `${formatCents(answer.disbursement.amount)} was sent again${answer.disbursement.account_last4 ? ` to the account ending ${answer.disbursement.account_last4}` : ''}. The loan is active.`,
        );
      },
    });
  };

  const confirmCancel = async (reason: string) => {
    setCancelError(null);
    try {
      await cancel.mutateAsync({ reason });
      close();
      notify.success(`Loan ${data.loan.identifier} is canceled: nothing is owed.`);
    } catch (error) {
      setCancelError(errorMessage(error));
    }
  };

  return (
    <>
      <Alert kind="warning" title="The money for this loan did not reach the borrower">
        The borrower&apos;s bank returned the disbursement of {amount} ({`${returned.return_code ?? ''} ${returned.return_reason ?? ''}`.trim()}) on{' '}
        {formatDate(returned.returned_on)}. The loan waits: no payment is taken from the borrower. Re-disburse it to the borrower&apos;s corrected bank account,
        or cancel the loan.
      </Alert>
      {canAct ? (
        <div className={styles.inline}>
          <Button onClick={() => setDialog('redisburse')}>Re-disburse</Button>
          <Button variant="danger" onClick={() => setDialog('cancel')}>
            Cancel loan
          </Button>
        </div>
      ) : null}
      <ConfirmDialog
        open={dialog === 'redisburse'}
        onClose={close}
        onConfirm={confirmRedisburse}
        title="Re-disburse this loan?"
        description={`This sends ${amount} again to the borrower's current verified receiving account and opens the loan on its schedule.`}
        confirmLabel="Re-disburse"
        pending={redisburse.isPending}
        error={redisburse.isError ? errorMessage(redisburse.error, RETRY_TEXT) : null}
      />
      <ReasonConfirmDialog
        open={dialog === 'cancel'}
        onClose={close}
        onConfirm={(reason) => void confirmCancel(reason)}
        reasonRule={REASON_RULE}
        title="Cancel this loan?"
        description={`The money (${amount}) never reached the borrower: the loan is closed with nothing owed, and its auto-debit is ended.`}
        confirmLabel="Cancel loan"
        danger
        pending={cancel.isPending}
        error={cancelError}
      />
    </>
  );
}
