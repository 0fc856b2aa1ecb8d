import { useState } from 'react';
import { notify } from '@payrail/ui/toast/notify';
import { formatCents, formatDate } from '@payrail/client/format';
import { ReasonConfirmDialog } from '@payrail/ui/confirm-dialog';
import { errorMessage } from '@payrail/ui/error-message';
import { useReversePayment } from '../api/reverse-payment';
import { LEDGER_KIND_LABELS, REASON_RULE } from './labels';
import type { LedgerKind } from '@payrail/contract/servicing';

export interface ReversalTarget {
  id: number;
  kind: LedgerKind;
  amount: number;
  effective_date: string;
}

/** Reverse a posted payment, with the reason the audit log keeps. */
export function ReversalDialog({ loanId, entry, onClose }: { loanId: number; entry: ReversalTarget | null; onClose: () => void }) {
  const reverse = useReversePayment(loanId);
  const [serverError, setServerError] = useState<string | null>(null);

  const close = () => {
    setServerError(null);
    onClose();
  };

  const confirm = async (reason: string) => {
    if (!entry) return;
    setServerError(null);
    try {
      await reverse.mutateAsync({ entry_id: entry.id, reason });
      notify.success(`The ${LEDGER_KIND_LABELS[entry.kind].toLowerCase()} of ${formatCents(entry.amount)} was reversed.`);
      close();
    } catch (error) {
      setServerError(errorMessage(error));
    }
  };

  return (
    <ReasonConfirmDialog
      open={entry !== null}
      onClose={close}
      onConfirm={(reason) => void confirm(reason)}
      reasonRule={REASON_RULE}
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
    />
  );
}
