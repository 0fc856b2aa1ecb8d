import { useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { z } from 'zod';
import type { TWhatIfResponse, WhatIfRequestBody } from '@payrail/contract/borrower-tools';
import { PAYMENT_MSG } from '@payrail/contract/servicing';
import type { TServicingLoan } from '@payrail/contract/servicing';
import { Alert } from '@payrail/ui/alert';
import { Button } from '@payrail/ui/button';
import { ChartBoundary } from '@payrail/ui/chart-boundary';
import { ChartData } from '@payrail/ui/chart-data';
import { Checkbox } from '@payrail/ui/checkbox';
import { Form } from '@payrail/ui/form';
import { MoneyField, moneyInput } from '@payrail/ui/money-field';
import { TextField } from '@payrail/ui/text-field';
import { notify } from '@payrail/ui/toast/notify';
import { formatCents, formatDate } from '@payrail/client/format';
import { useScheduleExtraPayment, useSimulateWhatIf } from '../api/what-if';
import { serverMessages } from '../lib/errors';
import { whatIfRows } from '../lib/what-if-chart';
import styles from './borrower-tools.module.css';
import { CardSection } from '../../../components/sections/card-section';

/** A line of the chart: one value per x (cents). */
export interface WhatIfChartSeries {
  label: string;
  values: readonly number[];
  stroke: string;
}
/** Draws the chart (x: epoch seconds); the app gives the charting library, loaded only when needed. */
export type RenderWhatIfChart = (x: readonly number[], series: readonly WhatIfChartSeries[]) => ReactNode;

const epochSeconds = (iso: string) => Date.parse(`${iso}T00:00:00Z`) / 1000;

/** The extras to try: dollars as typed (each may be left empty) → cents, and the day of the one-time extra. */
export const whatIfSchema = z.object({
  once: moneyInput({ optional: true }),
  once_date: z.string(),
  every: moneyInput({ optional: true }),
});

export const WHAT_IF_FAILED = 'We could not run the simulation. Please try again.';
export const SCHEDULE_FAILED = 'We could not schedule this payment. Please try again.';

/**
 * What if I pay more? Extra one-time and/or with-every-payment amounts → the new payoff date and the
 * interest saved (computed by the server from the loan engine), as a chart with its data as a table,
 * and one button that schedules the one-time extra payment from the account on file.
 */
export function WhatIfSimulator({
  loan,
  today,
  renderChart,
  disclosureLink,
}: {
  loan: TServicingLoan;
  today: string;
  renderChart: RenderWhatIfChart;
  disclosureLink?: ReactNode;
}) {
  // The first day a payment may be dated: not before the business date, nor before the loan starts.
  const firstDate = loan.effective_date > today ? loan.effective_date : today;
  const [result, setResult] = useState<{ answer: TWhatIfResponse; asked: WhatIfRequestBody } | null>(null);
  const [errors, setErrors] = useState<string[]>([]);
  const simulate = useSimulateWhatIf(loan.id);
  const schedule = useScheduleExtraPayment();
  const submission = useRef<{ fingerprint: string; key: string } | null>(null);
  const [scheduleErrors, setScheduleErrors] = useState<string[]>([]);
  const [accepted, setAccepted] = useState(false);
  const [disclosureError, setDisclosureError] = useState<string | undefined>(undefined);

  const submit = async ({ once, once_date, every }: z.output<typeof whatIfSchema>) => {
    setErrors([]);
    setScheduleErrors([]);
    const body: WhatIfRequestBody = {
      one_time: once !== null ? [{ date: once_date, amount: once }] : [],
      recurring: every !== null ? { amount: every } : null,
    };
    try {
      setResult({ answer: await simulate.mutateAsync(body), asked: body });
    } catch (error) {
      setResult(null);
      setErrors(serverMessages(error, WHAT_IF_FAILED));
    }
  };

  const oneTime = result?.asked.one_time?.[0] ?? null;
  const scheduleOneTime = async () => {
    if (!oneTime) return;
    setScheduleErrors([]);
    const fingerprint = `${oneTime.date}:${oneTime.amount}`;
    if (submission.current?.fingerprint !== fingerprint) submission.current = { fingerprint, key: crypto.randomUUID() };
    try {
      const answer = await schedule.mutateAsync({
        body: { method: 'ach', mode: 'one_time', loan_id: loan.id, amount: oneTime.amount, scheduling: { instant: false, date: oneTime.date } },
        key: submission.current.key,
      });
      notify.success(answer.message);
    } catch (error) {
      setScheduleErrors(serverMessages(error, SCHEDULE_FAILED));
    }
  };

  const recurring = result?.asked.recurring ?? null;
  /** The every-payment extra as an auto-debit of the installment plus the extra (the payments page's rules). */
  const setUpAutoDebit = async () => {
    if (!recurring) return;
    setScheduleErrors([]);
    if (!accepted) {
      setDisclosureError(PAYMENT_MSG.disclosureRequired);
      return;
    }
    const amount = loan.payment_per_term + recurring.amount;
    const fingerprint = `auto:${amount}`;
    if (submission.current?.fingerprint !== fingerprint) submission.current = { fingerprint, key: crypto.randomUUID() };
    try {
      const sent = await schedule.mutateAsync({
        body: { method: 'ach', mode: 'auto_debit', loan_id: loan.id, amount, disclosure_accepted: true },
        key: submission.current.key,
      });
      notify.success(sent.message);
    } catch (error) {
      setScheduleErrors(serverMessages(error, SCHEDULE_FAILED));
    }
  };

  const answer = result?.answer;
  const rows = answer ? whatIfRows(answer.baseline, answer.scenario) : [];
  const extraWords = result
    ? [
        oneTime ? `${formatCents(oneTime.amount)} once on ${formatDate(oneTime.date)}` : null,
        result.asked.recurring ? `${formatCents(result.asked.recurring.amount)} more with every payment` : null,
      ]
        .filter(Boolean)
        .join(' and ')
    : '';

  return (
    <CardSection id={`what-if-${loan.id}`} title="What if I pay more?" className={styles.card}>
      <p className={styles.muted}>Try an extra payment: see when your loan would be paid off and how much interest you would save.</p>
      <Form
        aria-label="What-if simulator"
        className={styles.controls}
        schema={whatIfSchema}
        options={{ mode: 'onSubmit', defaultValues: { once: '', once_date: firstDate, every: '' } }}
        onInvalidSubmit={() => {
          setErrors([]);
          setScheduleErrors([]);
        }}
        onSubmit={submit}
      >
        {({ register }) => (
          <>
            <MoneyField name="once" label="Extra one-time payment" hint="In dollars, for example 400 or 400.50." optional />
            <TextField label="Date of the extra payment" type="date" min={firstDate} {...register('once_date')} />
            <MoneyField
              name="every"
              label="Extra with every payment"
              hint={`In dollars, added to your ${formatCents(loan.payment_per_term)} payment.`}
              optional
            />
            <Button type="submit" loading={simulate.isPending}>
              Simulate
            </Button>
          </>
        )}
      </Form>
      {errors.length > 0 ? (
        <Alert kind="error" assertive>
          <ul className={styles.list}>
            {errors.map((message) => (
              <li key={message}>{message}</li>
            ))}
          </ul>
        </Alert>
      ) : null}
      {answer ? (
        <div aria-live="polite">
          <p role="status">
            {answer.days_sooner > 0
              ? `Paying ${extraWords}, your loan would be paid off on ${formatDate(answer.scenario.payoff_date)} instead of ${formatDate(answer.baseline.payoff_date)} — ${answer.installments_fewer === 1 ? '1 payment' : `${answer.installments_fewer} payments`} fewer — and you would save ${formatCents(answer.interest_saved)} in interest.`
              : `Paying ${extraWords}, your loan would still be paid off on ${formatDate(answer.scenario.payoff_date)}, and you would save ${formatCents(answer.interest_saved)} in interest.`}
          </p>
          <dl className={styles.facts} aria-label="Simulation results">
            <dt>Payoff date now</dt>
            <dd>{formatDate(answer.baseline.payoff_date)}</dd>
            <dt>Payoff date with the extra</dt>
            <dd>{formatDate(answer.scenario.payoff_date)}</dd>
            <dt>Interest from today, now</dt>
            <dd>{formatCents(answer.baseline.interest)}</dd>
            <dt>Interest from today, with the extra</dt>
            <dd>{formatCents(answer.scenario.interest)}</dd>
            <dt>Interest saved</dt>
            <dd className={styles.total}>{formatCents(answer.interest_saved)}</dd>
          </dl>
          <figure className={styles.chart}>
            <figcaption>Principal left over time, now and with the extra</figcaption>
            <ChartBoundary>
              {renderChart(
                rows.map((row) => epochSeconds(row.date)),
                [
                  { label: 'Now', values: rows.map((row) => row.current), stroke: '#b45309' },
                  { label: 'With the extra', values: rows.map((row) => row.withExtra), stroke: '#0f766e' },
                ],
              )}
            </ChartBoundary>
          </figure>
          <ChartData
            caption="Principal left by date, now and with the extra"
            columns={['Date', 'Now', 'With the extra']}
            rows={rows.map((row) => ({ key: row.date, cells: [formatDate(row.date), formatCents(row.current), formatCents(row.withExtra)] }))}
          />
          <div className={styles.actions}>
            {oneTime ? (
              <Button onClick={() => void scheduleOneTime()} loading={schedule.isPending} disabled={schedule.isSuccess}>
                {`Schedule the ${formatCents(oneTime.amount)} payment on ${formatDate(oneTime.date)}`}
              </Button>
            ) : null}
          </div>
          {recurring ? (
            <div className={styles.actions}>
              <p>
                {`Paying ${formatCents(recurring.amount)} more with every payment is an auto-debit of ${formatCents(loan.payment_per_term + recurring.amount)} on each due date from the account on file, as described in the `}
                {disclosureLink ?? 'Auto Debit Disclosure'}.
              </p>
              <Checkbox
                label="I have read and accept the Auto Debit Disclosure."
                checked={accepted}
                onChange={(event) => {
                  setAccepted(event.target.checked);
                  setDisclosureError(undefined);
                }}
                error={disclosureError}
              />
              <Button variant="secondary" onClick={() => void setUpAutoDebit()} loading={schedule.isPending} disabled={schedule.isSuccess}>
                {`Set up auto-debit of ${formatCents(loan.payment_per_term + recurring.amount)}`}
              </Button>
            </div>
          ) : null}
          {scheduleErrors.length > 0 ? (
            <Alert kind="error" assertive>
              <ul className={styles.list}>
                {scheduleErrors.map((message) => (
                  <li key={message}>{message}</li>
                ))}
              </ul>
            </Alert>
          ) : null}
        </div>
      ) : null}
    </CardSection>
  );
}
