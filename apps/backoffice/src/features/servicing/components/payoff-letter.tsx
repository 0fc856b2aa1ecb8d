import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import { Alert } from '@payrail/ui/alert';
import { Button } from '@payrail/ui/button';
import { TextField } from '@payrail/ui/text-field';
import { notify } from '@payrail/ui/toast/notify';
import { formatDate } from '@payrail/client/format';
import styles from '@payrail/ui/styles/staff-page.module.css';
import { errorMessage } from '../../../lib/errors';
import { downloadPayoffLetter, useBusinessDate } from '../api/servicing';

/**
 * A servicer issues the borrower's payoff letter for a date (the same letter, figures and PDF the
 * borrower gets): the server audits it and tells the borrower.
 */
export function PayoffLetterIssue({ loanId }: { loanId: number }) {
  const id = useId();
  const clock = useBusinessDate();
  const [date, setDate] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const today = clock.data?.business_date ?? '';
  const chosen = date || today;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    setBusy(true);
    try {
      const blob = await downloadPayoffLetter(loanId, chosen);
      const url = URL.createObjectURL(blob);
      const link = document.createElement('a');
      link.href = url;
      link.download = `payoff-letter-${loanId}-${chosen}.pdf`;
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(url), 0);
      notify.success(`Payoff letter good through ${formatDate(chosen)} issued; the borrower was notified.`);
    } catch (failure) {
      setError(errorMessage(failure, 'We could not issue the payoff letter. Please try again.'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className={styles.section} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Payoff letter</h2>
      <form onSubmit={(event) => void submit(event)} noValidate className={styles.stack} aria-label="Issue a payoff letter">
        <TextField
          label="Good-through date"
          type="date"
          min={today}
          value={chosen}
          onChange={(event) => setDate(event.target.value)}
          hint="The borrower gets the same letter and a notification."
        />
        <div className={styles.inline}>
          <Button type="submit" loading={busy} disabled={!chosen}>
            Issue payoff letter (PDF)
          </Button>
        </div>
      </form>
      {error ? (
        <Alert kind="error" assertive>
          {error}
        </Alert>
      ) : null}
    </section>
  );
}
