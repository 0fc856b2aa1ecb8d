import { useId, useState } from 'react';
import { SERVICING_BO_MSG } from '@payrail/contract/servicing-backoffice';
import { FieldError, FieldLabel, fieldStyles } from '@payrail/ui/field';
import { notify } from '@payrail/ui/toast/notify';
import { formatCents, formatDate } from '@payrail/client/format';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { errorMessage } from '../../../lib/errors';
import { useReversePayment } from '../api/servicing';
import { LEDGER_KIND_LABELS } from './labels';
import type { LedgerKind } from '@payrail/contract/servicing';

export interface ReversalTarget {
  id: number;
  kind: LedgerKind;
  amount: number;
  effective_date: string;
}

/** Reverse a posted payment, with the reason the audit log keeps. */
export function ReversalDialog({ loanId, entry, onClose }: { loanId: number; entry: ReversalTarget | null; onClose: () => void }) {
  const id = useId();
  const reverse = useReversePayment(loanId);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);

  const close = () => {
    setReason('');
    setReasonError(null);
    setServerError(null);
    onClose();
  };

  const confirm = async () => {
    if (!entry) return;
    setServerError(null);
    const trimmed = reason.trim();
    if (trimmed.length < 3 || trimmed.length > 500) {
      setReasonError(SERVICING_BO_MSG.reasonRequired);
      return;
    }
    setReasonError(null);
    try {
      await reverse.mutateAsync({ entry_id: entry.id, reason: trimmed });
      notify.success(`The ${LEDGER_KIND_LABELS[entry.kind].toLowerCase()} of ${formatCents(entry.amount)} was reversed.`);
      close();
    } catch (error) {
      setServerError(errorMessage(error));
    }
  };

  return (
    <ConfirmDialog
      open={entry !== null}
      onClose={close}
      onConfirm={() => void confirm()}
      title="Reverse this payment?"
      description={
        entry
          ? `${LEDGER_KIND_LABELS[entry.kind]} of ${formatCents(entry.amount)} effective ${formatDate(entry.effective_date)}. The balances are recomputed from the ledger.`
          : undefined
      }
      confirmLabel="Reverse payment"
      danger
      pending={reverse.isPending}
      error={serverError}
    >
      <div className={fieldStyles.field}>
        <FieldLabel htmlFor={`${id}-reason`}>Reason</FieldLabel>
        <textarea
          id={`${id}-reason`}
          className={fieldStyles.control}
          rows={3}
          maxLength={500}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          required
          aria-invalid={reasonError ? true : undefined}
          aria-describedby={reasonError ? `${id}-reason-error` : undefined}
        />
        <FieldError id={`${id}-reason-error`}>{reasonError}</FieldError>
      </div>
    </ConfirmDialog>
  );
}
