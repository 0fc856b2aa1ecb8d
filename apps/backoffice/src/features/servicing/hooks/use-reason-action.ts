import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { errorMessage } from '@payrail/ui/error-message';
import { loanServicingKey } from '../api/keys';

/**
 * A servicer's action on a loan confirmed in a `ReasonConfirmDialog`: whether the dialog is open, the server's
 * refusal shown in it, and `confirm(reason)`, which runs the action and closes the dialog with its answer handed to
 * `onDone`. A refusal (the loan moved on meanwhile: another servicer, the daily run) stays in the dialog; closing
 * the dialog after one reads the loan again, so the page shows it as it stands now.
 */
export function useReasonAction<T>(loanId: number, run: (reason: string) => Promise<T>, onDone: (answer: T) => void) {
  const client = useQueryClient();
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const close = () => {
    setOpen(false);
    if (error !== null) void client.invalidateQueries({ queryKey: loanServicingKey(loanId) });
    setError(null);
  };

  const confirm = async (reason: string) => {
    setError(null);
    try {
      const answer = await run(reason);
      setOpen(false);
      onDone(answer);
    } catch (failure) {
      setError(errorMessage(failure));
    }
  };

  return { open, show: () => setOpen(true), close, confirm: (reason: string) => void confirm(reason), error };
}
