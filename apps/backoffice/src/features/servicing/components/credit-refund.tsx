import { useState } from 'react';
import { SERVICING_BO_MSG } from '@payrail/contract/servicing-backoffice';
import type { TLoanServicingResponse, TRefundCreditResponse } from '@payrail/contract/servicing-backoffice';
import { Alert } from '@payrail/ui/alert';
import { Button } from '@payrail/ui/button';
import { formatCents } from '@payrail/client/format';
import { ReasonConfirmDialog } from '@payrail/ui/confirm-dialog';
import styles from '@payrail/ui/styles/staff-page.module.css';
import { useCan } from '../../../lib/roles';
import { useRefundCredit } from '../api/refund-credit';
import { useReasonAction } from '../hooks/use-reason-action';
import { REASON_RULE } from './labels';

type Sent = TRefundCreditResponse['refunds'][number];

/** "$43.21 by ACH credit to the borrower's bank account (trace SBX-…)": one refund as the servicer reads it. */
const sentText = (r: Sent) =>
  r.channel === 'card'
    ? `${formatCents(r.amount)} back to the borrower's debit card (payout ${r.reference})`
    : `${formatCents(r.amount)} by ACH credit to the borrower's bank account (trace ${r.reference})`;

/** What the last refund did: what went out, and why what is left stays on the loan, in plain words. */
function Outcome({ outcome }: { outcome: TRefundCreditResponse }) {
  const held = outcome.held ? SERVICING_BO_MSG.creditHeld[outcome.held] : null;
  return (
    <>
      {outcome.refunds.length > 0 ? (
        <Alert kind="success" title="Credit balance refunded">
          Sent: {outcome.refunds.map(sentText).join('; ')}. The borrower is told.
        </Alert>
      ) : null}
      {held ? (
        <Alert kind="warning" title={`${formatCents(outcome.left)} of the credit balance stays on the loan`}>
          {held}
        </Alert>
      ) : null}
    </>
  );
}

/**
 * "Refund credit balance": a loan holding money beyond what it owed (its credit balance) has it sent back on
 * a servicer's demand, with a reason — for a credit the automatic refund held (no verified account then, a
 * debit still in its return window, a refund the bank returned) that the daily run's sweep no longer reaches.
 * The server decides where it goes (card payments to their cards, the rest by ACH credit to the verified
 * account on file) under the loan's lock, and answers what it sent or why it held it; both are shown here.
 * A 409 (the credit went out meanwhile: an automatic refund, another servicer) is shown in the dialog, and
 * closing it reads the loan again.
 */
export function CreditRefund({ data, loanId }: { data: TLoanServicingResponse; loanId: number }) {
  const canAct = useCan('fund');
  const refund = useRefundCredit(loanId);
  const [outcome, setOutcome] = useState<TRefundCreditResponse | null>(null);
  const dialog = useReasonAction(loanId, (reason) => refund.mutateAsync({ reason }), setOutcome);

  const amount = formatCents(data.credit_balance);
  return (
    <>
      {outcome ? <Outcome outcome={outcome} /> : null}
      {canAct && data.credit_balance > 0 ? (
        <div className={styles.inline}>
          <Button variant="secondary" onClick={dialog.show}>
            Refund credit balance
          </Button>
        </div>
      ) : null}
      <ReasonConfirmDialog
        open={dialog.open}
        onClose={dialog.close}
        onConfirm={dialog.confirm}
        reasonRule={REASON_RULE}
        title="Refund the credit balance?"
        description={`This sends ${amount} back to the borrower: the part paid by debit card to that card, the rest by ACH credit to the borrower's verified bank account on file. If it cannot be sent now, you are told why and it stays on the loan.`}
        confirmLabel="Refund"
        cancelLabel="Keep it on the loan"
        pending={refund.isPending}
        error={dialog.error}
      />
    </>
  );
}
