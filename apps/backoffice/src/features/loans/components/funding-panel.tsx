import { useRef, useState } from 'react';
import { Alert } from '@payrail/ui/alert';
import { Button } from '@payrail/ui/button';
import { notify } from '@payrail/ui/toast/notify';
import { formatCents } from '@payrail/client/format';
import type { TApplicationDetail, TFundResponse } from '@payrail/contract/backoffice';
import { ConfirmDialog } from '@payrail/ui/confirm-dialog';
import { errorMessage } from '@payrail/ui/error-message';
import { newIdempotencyKey } from '../../../lib/idempotency';
import { useFundApplication } from '../api/fund-application';
import { LoanDetails } from './loan-details';

const RETRY_TEXT = 'Funding did not go through. You can safely try again.';

/** Whether the application can be funded: approved, signed, and no loan yet. */
export function isFundable(application: TApplicationDetail): boolean {
  return application.status === 'approved' && application.esignature !== null && application.loan === null;
}

/**
 * "Fund loan" with a confirmation. One Idempotency-Key is made per funding attempt and kept until
 * the server answers with success, so a retry after a lost answer never funds twice.
 */
export function FundButton({ userId, amountCents, onFunded }: { userId: number; amountCents?: number | null; onFunded: (answer: TFundResponse) => void }) {
  const fund = useFundApplication(userId);
  const [open, setOpen] = useState(false);
  const keyRef = useRef<string | null>(null);

  const confirm = () => {
    keyRef.current ??= newIdempotencyKey();
    fund.mutate(keyRef.current, {
      onSuccess: (answer) => {
        keyRef.current = null;
        setOpen(false);
        notify.success(`Loan ${answer.loan.identifier} funded.`);
        onFunded(answer);
      },
    });
  };

  const amount = amountCents === null || amountCents === undefined ? '' : ` of ${formatCents(amountCents)}`;
  return (
    <>
      {fund.isError && !open ? <Alert kind="error">{errorMessage(fund.error, RETRY_TEXT)}</Alert> : null}
      <div>
        <Button onClick={() => setOpen(true)}>Fund loan</Button>
      </div>
      <ConfirmDialog
        open={open}
        onClose={() => setOpen(false)}
        onConfirm={confirm}
        title="Fund this loan?"
        description={`This opens the loan${amount} for applicant #${userId} and sends the money to the borrower's bank account.`}
        confirmLabel="Fund loan"
        pending={fund.isPending}
        error={fund.isError ? errorMessage(fund.error, RETRY_TEXT) : null}
      />
    </>
  );
}

/** Funding on the application page (servicers and administrators): the button, then the loan. */
export function FundingPanel({ application }: { application: TApplicationDetail }) {
  const [fundedLoanId, setFundedLoanId] = useState<number | null>(null);
  const loanId = application.loan?.id ?? fundedLoanId;

  if (loanId !== null) return <LoanDetails loanId={loanId} />;
  if (!isFundable(application)) {
    return (
      <p>
        {application.status !== 'approved'
          ? 'Funding becomes available once the application is approved.'
          : 'Funding becomes available once the borrower has signed the loan agreement.'}
      </p>
    );
  }
  const terms = application.loan_terms;
  return (
    <FundButton
      userId={application.user_id}
      amountCents={terms ? (terms.negotiated_amount ?? terms.amount) : null}
      onFunded={(answer) => setFundedLoanId(answer.loan.id)}
    />
  );
}
