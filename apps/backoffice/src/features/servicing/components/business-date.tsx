import { useId, useState } from 'react';
import { z } from 'zod';
import { ZAdvanceBusinessDate } from '@payrail/contract/servicing-backoffice';
import type { TAdvanceResponse } from '@payrail/contract/servicing-backoffice';
import { Alert } from '@payrail/ui/alert';
import { Button } from '@payrail/ui/button';
import { Form } from '@payrail/ui/form';
import { Spinner } from '@payrail/ui/spinner';
import { TextField } from '@payrail/ui/text-field';
import { notify } from '@payrail/ui/toast/notify';
import { formatDate } from '@payrail/client/format';
import styles from '@payrail/ui/styles/staff-page.module.css';
import { errorMessage } from '@payrail/ui/error-message';
import { useAdvanceBusinessDate } from '../api/advance-business-date';
import { useBusinessDate } from '../api/get-business-date';
import { useRunServicing } from '../api/run-servicing';

function runSummary(answer: TAdvanceResponse): string {
  const days = answer.run.dates.length;
  const failed = answer.run.dates.reduce((sum, day) => sum + day.failed, 0);
  return `Business date ${formatDate(answer.clock.business_date)}: ${days === 1 ? '1 day' : `${days} days`} run, ${answer.run.loans_processed} loans processed${failed > 0 ? `, ${failed} failed` : ''}.`;
}

/** The day to move the clock to (the contract's `date`); the message shows under the form, like the server's. */
const advanceSchema = z
  .object({ date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Choose the new business date.') })
  .pipe(ZAdvanceBusinessDate.required({ date: true }));

/** The servicing clock: shown always; moved forward (and the daily run caught up) only outside production. */
export function BusinessDateControl() {
  const id = useId();
  const clock = useBusinessDate();
  const advance = useAdvanceBusinessDate();
  const run = useRunServicing();
  const [error, setError] = useState<string | null>(null);
  const [last, setLast] = useState<string | null>(null);

  if (clock.isPending) return <Spinner label="Loading the business date…" />;
  if (clock.isError) return <Alert kind="error">We could not load the business date.</Alert>;
  const data = clock.data;

  const advanceTo = async ({ date }: { date: string }) => {
    setError(null);
    try {
      const answer = await advance.mutateAsync(date);
      const text = runSummary(answer);
      setLast(text);
      notify.success(text);
    } catch (failure) {
      setError(errorMessage(failure));
    }
  };

  const runNow = async () => {
    setError(null);
    try {
      const answer = await run.mutateAsync();
      const text = runSummary(answer);
      setLast(text);
      notify.success(text);
    } catch (failure) {
      setError(errorMessage(failure));
    }
  };

  return (
    <section className={styles.section} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Business date</h2>
      <dl className={styles.dl}>
        <dt>Business date</dt>
        <dd>{formatDate(data.business_date)}</dd>
        <dt>Real date</dt>
        <dd>{formatDate(data.real_date)}</dd>
        <dt>Last completed run</dt>
        <dd>{data.last_completed_run ? formatDate(data.last_completed_run) : 'None yet'}</dd>
      </dl>
      {data.movable ? (
        <Form
          schema={advanceSchema}
          options={{ mode: 'onSubmit', defaultValues: { date: '' } }}
          onSubmit={advanceTo}
          onInvalidSubmit={(errors) => setError(errors.date?.message ?? null)}
          className={styles.stack}
        >
          {({ register }) => (
            <>
              <TextField label="Advance to date" type="date" min={data.business_date} hint="The daily run catches up day by day." {...register('date')} />
              <div className={styles.inline}>
                <Button type="submit" loading={advance.isPending}>
                  Advance to date
                </Button>
                <Button variant="secondary" onClick={() => void runNow()} loading={run.isPending}>
                  Run servicing now
                </Button>
              </div>
            </>
          )}
        </Form>
      ) : (
        <p>The business date follows the calendar in production; it cannot be moved.</p>
      )}
      {error ? (
        <Alert kind="error" assertive>
          {error}
        </Alert>
      ) : null}
      {last ? <p role="status">{last}</p> : null}
    </section>
  );
}
