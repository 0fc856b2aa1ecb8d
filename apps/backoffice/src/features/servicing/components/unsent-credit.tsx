import type { TLoanServicingResponse } from '@payrail/contract/servicing-backoffice';
import { Alert } from '@payrail/ui/alert';
import { Button } from '@payrail/ui/button';
import { formatCents, formatDate } from '@payrail/client/format';
import { ReasonConfirmDialog } from '@payrail/ui/confirm-dialog';
import styles from '@payrail/ui/styles/staff-page.module.css';
import { notify } from '@payrail/ui/toast/notify';
import { useCan } from '../../../lib/roles';
import { useCancelUnsent } from '../api/cancel-unsent';
import { useReasonAction } from '../hooks/use-reason-action';
import { REASON_RULE } from './labels';

/**
 * A loan whose funding credit was written but never sent (the bank could not be reached when it was
 * funded): pending, nothing collected. Funding the application again or the daily run sends it, once; a
 * servicer may instead cancel the loan with a reason (closed, nothing owed, the credit never sent). The
 * server re-checks under the loan's lock that the credit is still unsent: if it went out meanwhile the
 * cancel is refused, the refusal is shown in the dialog, and closing it reads the loan again.
 */
export function UnsentCredit({ data, loanId }: { data: TLoanServicingResponse; loanId: number }) {
  const canAct = useCan('fund');
  const cancel = useCancelUnsent(loanId);
  // After a refusal the loan moved on (its credit was sent): closing the dialog shows it as it stands now.
  const dialog = useReasonAction(
    loanId,
    (reason) => cancel.mutateAsync({ reason }),
    () => notify.success(`Loan ${data.loan.identifier} is canceled: its money was not sent and nothing is owed.`),
  );

  const credit = data.disbursements.at(-1);
  if (!data.credit_unsent || !credit) return null;
  const amount = formatCents(credit.amount);

  return (
    <>
      <Alert kind="warning" title="The money for this loan was not sent to the bank">
        The disbursement of {amount} written on {formatDate(credit.created_at.slice(0, 10))} was never sent: the bank could not be reached. The loan waits: no
        payment is taken from the borrower. Funding the application again or the daily run sends it, once. Or cancel the loan, and nothing is sent.
      </Alert>
      {canAct ? (
        <div className={styles.inline}>
          <Button variant="danger" onClick={dialog.show}>
            Cancel loan before sending
          </Button>
        </div>
      ) : null}
      <ReasonConfirmDialog
        open={dialog.open}
        onClose={dialog.close}
        onConfirm={dialog.confirm}
        reasonRule={REASON_RULE}
        title="Cancel this loan before its money is sent?"
        description={`The money (${amount}) will never be sent: the loan is closed with nothing owed, and its auto-debit is ended. If the money goes out first, the cancel is refused.`}
        confirmLabel="Cancel loan"
        cancelLabel="Keep the loan"
        danger
        pending={cancel.isPending}
        error={dialog.error}
      />
    </>
  );
}
