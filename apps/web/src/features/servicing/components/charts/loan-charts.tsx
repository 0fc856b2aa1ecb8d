import { lazy, Suspense, useMemo } from 'react';
import type { TPaymentRow, TServicingLoan } from '@payrail/contract/servicing';
import { ChartBoundary } from '@payrail/ui/chart-boundary';
import { ChartData } from '@payrail/ui/chart-data';
import { Spinner } from '@payrail/ui/spinner';
import { formatCents, formatDate } from '@payrail/client/format';
import { balanceSeries, chartSpan, epochSeconds } from '../../lib/chart-data';
import styles from '../servicing.module.css';
import { CardSection } from '../../../../components/sections/card-section';

// The chart library is loaded only when a chart is on screen.
const UplotChart = lazy(() => import('./uplot-chart'));

// Canvas colours cannot read CSS custom properties: the token values, written out.
const BALANCE = '#0f766e';
const PAID = '#2f9e5e';
const REMAINING = '#b45309';

/**
 * Principal balance over time, and principal paid vs remaining, drawn with uPlot. The text alternative
 * is a summary sentence plus a table of the same points (spec: charts must be usable without sight).
 */
export function LoanCharts({ loan, payments }: { loan: TServicingLoan; payments: readonly TPaymentRow[] }) {
  const points = useMemo(() => balanceSeries(loan.effective_date, loan.principal_balance, payments), [loan.effective_date, loan.principal_balance, payments]);
  const x = useMemo(() => points.map((point) => epochSeconds(point.date)), [points]);
  const span = useMemo(() => chartSpan(loan.effective_date, loan.terms_in_months, points), [loan.effective_date, loan.terms_in_months, points]);
  const balance = useMemo(
    () => [{ label: 'Principal balance', values: points.map((point) => point.balance), stroke: BALANCE, fill: 'rgba(15, 118, 110, 0.08)' }],
    [points],
  );
  const split = useMemo(
    () => [
      { label: 'Paid', values: points.map((point) => point.paid), stroke: PAID },
      { label: 'Remaining', values: points.map((point) => point.balance), stroke: REMAINING },
    ],
    [points],
  );
  const first = points[0];
  const last = points[points.length - 1];
  const summary =
    first && last
      ? `Principal went from ${formatCents(first.balance)} on ${formatDate(first.date)} to ${formatCents(last.balance)} on ${formatDate(last.date)}: ${formatCents(last.paid)} paid, ${formatCents(last.balance)} remaining.`
      : '';

  return (
    <CardSection id={`charts-${loan.id}`} title="Your balance" className={styles.card}>
      <p className={styles.muted}>{summary}</p>
      <div className={styles.charts}>
        <figure className={styles.chart}>
          <figcaption>Principal balance over time</figcaption>
          <ChartBoundary>
            <Suspense fallback={<Spinner size="sm" label="Loading the chart" />}>
              <UplotChart x={x} series={balance} xRange={span} />
            </Suspense>
          </ChartBoundary>
        </figure>
        <figure className={styles.chart}>
          <figcaption>Principal paid vs remaining</figcaption>
          <ChartBoundary>
            <Suspense fallback={<Spinner size="sm" label="Loading the chart" />}>
              <UplotChart x={x} series={split} xRange={span} />
            </Suspense>
          </ChartBoundary>
        </figure>
      </div>
      <ChartData
        caption="Principal balance, paid and remaining by date"
        columns={['Date', 'Paid', 'Remaining']}
        rows={points.map((point) => ({ key: point.date, cells: [formatDate(point.date), formatCents(point.paid), formatCents(point.balance)] }))}
      />
    </CardSection>
  );
}
