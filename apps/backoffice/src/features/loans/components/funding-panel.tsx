import { useRef, useState } from 'react';
import { Alert } from '@web-ui/alert';
import { Button } from '@web-ui/button';
import { notify } from '@web-ui/toast/notify';
import { formatCents } from '@web-lib/format';
import type { TApplicationDetail } from '@payrail/contract/backoffice';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { errorMessage } from '../../../lib/errors';
import { newIdempotencyKey } from '../../../lib/idempotency';
import { useFundApplication } from '../api/loans';
import { LoanDetails } from './loan-details';

/** Whether the application can be funded: approved, signed, and no loan yet. */
export function isFundable(application: TApplicationDetail): boolean {
  return application.status === 'approved' && application.esignature !== null && application.loan === null;
}

/**
 * Funding (servicers and administrators). One Idempotency-Key is made per funding attempt and kept
 * until the server answers with success, so "Try again" after a lost answer never funds twice.
 */
export function FundingPanel({ application }: { application: TApplicationDetail }) {
  const fund = useFundApplication(application.user_id);
  const [open, setOpen] = useState(false);
  const keyRef = useRef<string | null>(null);
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

  const confirm = () => {
    keyRef.current ??= newIdempotencyKey();
    fund.mutate(keyRef.current, {
      onSuccess: (answer) => {
        keyRef.current = null;
        setFundedLoanId(answer.loan.id);
        setOpen(false);
        notify.success(`Loan ${answer.loan.identifier} funded.`);
      },
    });
  };

  const amount = application.loan_terms ? formatCents(application.loan_terms.negotiated_amount ?? application.loan_terms.amount) : null;
  return (
    <>
      {fund.isError && !open ? (
        <Alert kind="error">{errorMessage(fund.error, 'Funding did not go through. You can safely try again.')}</Alert>
      ) : null}
      <Button onClick={() => setOpen(true)}>{fund.isError ? 'Try funding again' : 'Fund loan'}</Button>
      <ConfirmDialog
        open={open}
        onClose={() => setOpen(false)}
        onConfirm={confirm}
        title="Fund this loan?"
        description={`This opens the loan${amount ? ` of ${amount}` : ''} and sends the money to the borrower's bank account.`}
        confirmLabel="Fund loan"
        pending={fund.isPending}
        error={fund.isError ? errorMessage(fund.error, 'Funding did not go through. You can safely try again.') : null}
      />
    </>
  );
}
