import { useEffect, useState } from 'react';
import type { ReactNode } from 'react';
import { Alert } from './alert';
import { Button } from './button';
import { Dialog } from './dialog';
import { TextAreaField } from './text-area-field';

export interface ConfirmDialogProps {
  open: boolean;
  /** Cancel, Escape, the close button and the backdrop. Focus returns to what opened the dialog. */
  onClose: () => void;
  onConfirm: () => void;
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  confirmLabel: ReactNode;
  cancelLabel?: ReactNode;
  /** A destructive action (reverse, cancel, charge off): the confirm button is red. */
  danger?: boolean;
  /** The action runs: the confirm button shows a spinner and ignores clicks. */
  pending?: boolean;
  /** Why the action failed, shown in the dialog (the page behind is inert). */
  error?: ReactNode;
}

/** A yes/no question before an action that changes an application or moves money (over the native Dialog). */
export function ConfirmDialog({
  open,
  onClose,
  onConfirm,
  title,
  description,
  children,
  confirmLabel,
  cancelLabel = 'Cancel',
  danger,
  pending,
  error,
}: ConfirmDialogProps) {
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={title}
      description={description}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {cancelLabel}
          </Button>
          <Button variant={danger ? 'danger' : 'primary'} onClick={onConfirm} loading={pending}>
            {confirmLabel}
          </Button>
        </>
      }
    >
      {children}
      {error ? (
        <Alert kind="error" assertive>
          {error}
        </Alert>
      ) : null}
    </Dialog>
  );
}

export interface ReasonConfirmDialogProps extends Omit<ConfirmDialogProps, 'onConfirm' | 'children'> {
  /** Called with the trimmed reason once it passes `reasonRule`; the caller closes the dialog on success. */
  onConfirm: (reason: string) => unknown;
  reasonLabel?: string;
  reasonHint?: ReactNode;
  /** The reason's length, trimmed, and the message when it is outside it. */
  reasonRule: { min: number; max: number; message: string };
  children?: ReactNode;
}

/**
 * A ConfirmDialog that needs the reason the audit log keeps (reverse a payment, cancel a loan): the
 * reason field, its rule checked before `onConfirm`, and a fresh field each time the dialog opens.
 */
export function ReasonConfirmDialog({
  onConfirm,
  reasonLabel = 'Reason',
  reasonHint,
  reasonRule,
  children,
  open,
  onClose,
  ...dialog
}: ReasonConfirmDialogProps) {
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | undefined>();
  const close = () => {
    setReason('');
    setReasonError(undefined);
    onClose();
  };
  // Closed by the caller (after a success): the next opening starts empty.
  useEffect(() => {
    if (open) return;
    setReason('');
    setReasonError(undefined);
  }, [open]);
  const confirm = () => {
    const trimmed = reason.trim();
    if (trimmed.length < reasonRule.min || trimmed.length > reasonRule.max) {
      setReasonError(reasonRule.message);
      return;
    }
    setReasonError(undefined);
    onConfirm(trimmed);
  };
  return (
    <ConfirmDialog {...dialog} open={open} onClose={close} onConfirm={confirm}>
      {children}
      <TextAreaField
        label={reasonLabel}
        hint={reasonHint}
        maxLength={reasonRule.max}
        required
        value={reason}
        onChange={(event) => setReason(event.target.value)}
        error={reasonError}
      />
    </ConfirmDialog>
  );
}
