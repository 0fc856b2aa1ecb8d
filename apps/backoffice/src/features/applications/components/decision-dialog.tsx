import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import { Alert } from '@payrail/ui/alert';
import { Button } from '@payrail/ui/button';
import { Dialog } from '@payrail/ui/dialog';
import { fieldStyles, FieldError, FieldLabel } from '@payrail/ui/field';
import { TextField } from '@payrail/ui/text-field';
import type { ReviewAction } from '../api/actions';
import { errorMessage } from '../../../lib/errors';
import styles from './action-panel.module.css';

export type DecisionKind = 'decline' | 'deny';

const COPY: Record<DecisionKind, { title: string; description: string; confirm: string }> = {
  decline: {
    title: 'Decline the application',
    description: 'The borrower receives an adverse-action notice with these reasons and the date they may apply again.',
    confirm: 'Decline application',
  },
  deny: {
    title: 'Deny the application',
    description: 'Use when the borrower does not qualify. The reason is recorded and the borrower is told when they may apply again.',
    confirm: 'Deny application',
  },
};

interface Errors {
  reason?: string;
  date?: string;
  server?: string;
}

/** Decline or deny: a reason and a reapply date (or "never") are required. */
export function DecisionDialog({
  kind,
  open,
  onClose,
  onSubmit,
}: {
  kind: DecisionKind;
  open: boolean;
  onClose: () => void;
  onSubmit: (action: ReviewAction) => Promise<unknown>;
}) {
  const id = useId();
  const [reason, setReason] = useState('');
  const [never, setNever] = useState(false);
  const [date, setDate] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [pending, setPending] = useState(false);
  const copy = COPY[kind];

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const next: Errors = {};
    if (!reason.trim()) next.reason = 'Give the reason.';
    else if (reason.trim().length > 300) next.reason = 'Keep the reason under 300 characters.';
    if (!never && !/^\d{4}-\d{2}-\d{2}$/.test(date)) next.date = 'Choose the date the borrower may apply again, or "Never".';
    setErrors(next);
    if (next.reason || next.date) {
      document.getElementById(next.reason ? `${id}-reason` : `${id}-date`)?.focus();
      return;
    }
    const reapply_on = never ? ('never' as const) : date;
    const reasons = [reason.trim()];
    const action: ReviewAction =
      kind === 'decline' ? { kind, body: { reapply_on, reasons } } : { kind, body: { not_qualified_reason: reason.trim(), reapply_on, reasons } };
    setPending(true);
    try {
      await onSubmit(action);
    } catch (error) {
      setErrors({ server: errorMessage(error) });
    } finally {
      setPending(false);
    }
  };

  return (
    <Dialog open={open} onClose={onClose} title={copy.title} description={copy.description} closeOnBackdrop={false}>
      <form onSubmit={(e) => void submit(e)} noValidate className={styles.form}>
        {errors.server ? (
          <Alert kind="error" assertive>
            {errors.server}
          </Alert>
        ) : null}
        <div className={fieldStyles.field}>
          <FieldLabel htmlFor={`${id}-reason`}>Reason</FieldLabel>
          <textarea
            id={`${id}-reason`}
            className={fieldStyles.control}
            rows={3}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            required
            aria-invalid={errors.reason ? true : undefined}
            aria-describedby={errors.reason ? `${id}-reason-error` : undefined}
          />
          <FieldError id={`${id}-reason-error`}>{errors.reason}</FieldError>
        </div>
        <TextField
          id={`${id}-date`}
          label="May apply again on"
          type="date"
          value={date}
          disabled={never}
          onChange={(e) => setDate(e.target.value)}
          error={errors.date}
        />
        <label className={styles.inlineCheck}>
          <input type="checkbox" checked={never} onChange={(e) => setNever(e.target.checked)} /> Never
        </label>
        <div className={styles.dialogButtons}>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" variant="danger" loading={pending}>
            {copy.confirm}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
