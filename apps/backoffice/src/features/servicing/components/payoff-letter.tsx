import { useId, useState } from 'react';
import { z } from 'zod';
import { Alert } from '@payrail/ui/alert';
import { Button } from '@payrail/ui/button';
import { Form } from '@payrail/ui/form';
import { TextField } from '@payrail/ui/text-field';
import { notify } from '@payrail/ui/toast/notify';
import { formatDate } from '@payrail/client/format';
import styles from '@payrail/ui/styles/staff-page.module.css';
import { errorMessage } from '@payrail/ui/error-message';
import { saveFile } from '../../../lib/save-file';
import { downloadPayoffLetter } from '../api/download-payoff-letter';
import { useBusinessDate } from '../api/get-business-date';

const letterSchema = z.object({ date: z.string().min(1) });

/**
 * A servicer issues the borrower's payoff letter for a date (the same letter, figures and PDF the
 * borrower gets): the server audits it and tells the borrower.
 */
export function PayoffLetterIssue({ loanId }: { loanId: number }) {
  const id = useId();
  const clock = useBusinessDate();
  const [error, setError] = useState<string | null>(null);
  const today = clock.data?.business_date ?? '';

  const issue = async ({ date }: { date: string }) => {
    setError(null);
    try {
      saveFile(await downloadPayoffLetter(loanId, date), `payoff-letter-${loanId}-${date}.pdf`);
      notify.success(`Payoff letter good through ${formatDate(date)} issued; the borrower was notified.`);
    } catch (failure) {
      setError(errorMessage(failure, 'We could not issue the payoff letter. Please try again.'));
    }
  };

  return (
    <section className={styles.section} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Payoff letter</h2>
      <Form
        schema={letterSchema}
        // The date starts on the business date once it has loaded, unless the servicer already chose one.
        options={{ values: { date: today }, resetOptions: { keepDirtyValues: true } }}
        onSubmit={issue}
        className={styles.stack}
        aria-label="Issue a payoff letter"
      >
        {({ register, watch, formState: { isSubmitting } }) => (
          <>
            <TextField label="Good-through date" type="date" min={today} hint="The borrower gets the same letter and a notification." {...register('date')} />
            <div className={styles.inline}>
              <Button type="submit" loading={isSubmitting} disabled={!watch('date')}>
                Issue payoff letter (PDF)
              </Button>
            </div>
          </>
        )}
      </Form>
      {error ? (
        <Alert kind="error" assertive>
          {error}
        </Alert>
      ) : null}
    </section>
  );
}
