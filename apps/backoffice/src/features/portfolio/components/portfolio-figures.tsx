import { lazy, Suspense, useId, useMemo } from 'react';
import type { ReactNode } from 'react';
import { MONTH_END_STATE_LABELS } from '@payrail/contract/portfolio';
import type { PortfolioFigure, TPortfolio } from '@payrail/contract/portfolio';
import { formatBasisPoints, formatBasisPointsAxis, formatCents, formatDollarsAxis } from '@payrail/client/format';
import { ChartData } from '@payrail/ui/chart-data';
import { Table } from '@payrail/ui/table';
import type { TableColumn } from '@payrail/ui/table';
import styles from '@payrail/ui/styles/staff-page.module.css';
import { DownloadButton } from '../../../components/download-button';
import { downloadPortfolioCsv } from '../api/download-portfolio-csv';
import { seriesColour } from './series-colour';
import type { PortfolioSeries } from './portfolio-chart';
import local from './portfolio-figures.module.css';

const PortfolioChart = lazy(() => import('./portfolio-chart'));

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** `2030-01` or `2030-01-31` → `Jan 2030`. */
export const monthLabel = (m: string) => `${MONTHS[Number(m.slice(5, 7)) - 1] ?? m} ${m.slice(0, 4)}`;
/** Basis points as a percent with two decimals. */
const pct = (bp: number) => formatBasisPoints(bp);
const axisDollars = formatDollarsAxis;
const axisPercent = formatBasisPointsAxis;

const ROLL_FORWARD = [
  ['current', '1-29'],
  ['1-29', '30-59'],
  ['30-59', '60-89'],
  ['60-89', '90-119'],
  ['90-119', '120+'],
] as const;

/** Downloads one figure's CSV from the server. */
function CsvButton({ figure, asOf, title }: { figure: PortfolioFigure; asOf: string; title: string }) {
  return (
    <DownloadButton
      fetchFile={() => downloadPortfolioCsv(figure)}
      fileName={`portfolio-${figure}-${asOf}.csv`}
      failure={`The ${title.toLowerCase()} CSV could not be downloaded. Please try again.`}
      label={`Download ${title} as CSV`}
    >
      Download CSV
    </DownloadButton>
  );
}

/** One figure: heading, CSV, the chart with its caption, and the chart's data as a table. */
function Figure(props: {
  figure: PortfolioFigure;
  title: string;
  caption: string;
  asOf: string;
  chart: { x: number[]; xLabel: (x: number) => string; series: PortfolioSeries[]; yFormat: (y: number) => string } | null;
  data: { columns: string[]; rows: { key: string; cells: ReactNode[] }[] };
  children?: ReactNode;
}) {
  const id = useId();
  return (
    <section className={styles.section} aria-labelledby={id} data-figure={props.figure}>
      <div className={local.head}>
        <h2 id={id}>{props.title}</h2>
        <CsvButton figure={props.figure} asOf={props.asOf} title={props.title} />
      </div>
      <figure className={local.figure}>
        {props.chart && props.data.rows.length > 0 ? (
          <Suspense fallback={<div className={local.placeholder} />}>
            <PortfolioChart {...props.chart} />
          </Suspense>
        ) : (
          <p>No data yet: the figures start with the first month end the daily run completes.</p>
        )}
        <figcaption className={local.caption}>{props.caption}</figcaption>
      </figure>
      {props.data.rows.length > 0 ? (
        // Wide tables (a column per month on book) scroll sideways on a phone; the scroller is focusable so a keyboard can scroll it.
        <div className={local.scroller} role="group" aria-label={`${props.title}: data`} tabIndex={0}>
          <ChartData caption={props.title} columns={props.data.columns} rows={props.data.rows} />
        </div>
      ) : null}
      {props.children}
    </section>
  );
}

const idx = (n: number) => Array.from({ length: n }, (_, i) => i);

type FigureKey = Exclude<keyof ReturnType<typeof build>, 'lastBalance'>;

/** Each figure's heading and caption, in the page's order; its chart and data come from `build`. */
const FIGURES: readonly { key: FigureKey; figure: PortfolioFigure; title: string; caption: string }[] = [
  {
    key: 'originations',
    figure: 'originations',
    title: 'Originations',
    caption: 'Amount lent per month (loans disbursed that month); the table also gives the number of loans.',
  },
  {
    key: 'decisions',
    figure: 'decisions',
    title: 'Approval and funding rates',
    caption: 'Per month of decision: approved ÷ decided (approved, declined or denied), and funded ÷ approved.',
  },
  {
    key: 'balances',
    figure: 'balances',
    title: 'Active balance',
    caption: 'Outstanding principal of open loans at each month end (not closed, not charged off).',
  },
  {
    key: 'delinquency',
    figure: 'delinquency',
    title: 'Delinquency buckets',
    caption: 'Share of the active balance in each days-past-due bucket at each month end; the shares of a month end add up to 100 %.',
  },
  {
    key: 'rolls',
    figure: 'roll-rates',
    title: 'Roll rates',
    caption: "Roll-forward rates: the share of a bucket's balance at one month end that is one bucket worse (or charged off, from 90–119) at the next.",
  },
  {
    key: 'chargeOffs',
    figure: 'charge-offs',
    title: 'Charge-offs',
    caption: 'Principal charged off per month, recoveries received on charged-off loans, and the net loss.',
  },
  {
    key: 'vintages',
    figure: 'vintages',
    title: 'Static-pool loss curves',
    caption: 'Cumulative principal charged off as a share of the amount lent, by months on book, one line per origination month (vintage).',
  },
];

/** Every figure of the page, from the API's answer. */
export function PortfolioFigures({ p }: { p: TPortfolio }) {
  const f = useMemo(() => build(p), [p]);
  return (
    <>
      <dl className={local.summary}>
        <div>
          <dt>Active balance</dt>
          <dd>{f.lastBalance ? formatCents(f.lastBalance.active_balance) : '—'}</dd>
        </div>
        <div>
          <dt>Active loans</dt>
          <dd>{f.lastBalance ? f.lastBalance.active_count.toLocaleString('en-US') : '—'}</dd>
        </div>
        <div>
          <dt>Latest month end</dt>
          <dd>{f.lastBalance ? monthLabel(f.lastBalance.month_end) : '—'}</dd>
        </div>
        <div>
          <dt>Loans originated</dt>
          <dd>{p.originations.reduce((s, o) => s + o.count, 0).toLocaleString('en-US')}</dd>
        </div>
      </dl>
      {FIGURES.map(({ key, ...text }) => (
        <Figure key={key} {...text} asOf={p.as_of} chart={f[key].chart} data={f[key].data}>
          {key === 'rolls' && f.rolls.latest ? (
            <Table
              caption={`Roll-rate matrix, ${monthLabel(f.rolls.latest.from_month_end)} to ${monthLabel(f.rolls.latest.to_month_end)} (share of each row's balance)`}
              columns={f.rolls.columns}
              rows={f.rolls.latest.rows}
              getRowKey={(r) => r.from}
              compact="never"
            />
          ) : null}
        </Figure>
      ))}
    </>
  );
}

type RollRow = TPortfolio['roll_rates'][number]['rows'][number];

function build(p: TPortfolio) {
  const dollars = (c: number) => formatCents(c);
  const originations = {
    chart: {
      x: idx(p.originations.length),
      xLabel: (i: number) => monthLabel(p.originations[i]?.month ?? ''),
      yFormat: axisDollars,
      series: [{ label: 'Amount lent', values: p.originations.map((o) => o.amount), stroke: seriesColour(0, 3) }],
    },
    data: {
      columns: ['Month', 'Loans', 'Amount lent'],
      rows: p.originations.map((o) => ({ key: o.month, cells: [monthLabel(o.month), o.count.toLocaleString('en-US'), dollars(o.amount)] })),
    },
  };
  const decisions = {
    chart: {
      x: idx(p.decisions.length),
      xLabel: (i: number) => monthLabel(p.decisions[i]?.month ?? ''),
      yFormat: axisPercent,
      series: [
        { label: 'Approval rate', values: p.decisions.map((d) => (d.decided > 0 ? d.approval_rate_bp : null)), stroke: seriesColour(0, 3) },
        { label: 'Funding rate', values: p.decisions.map((d) => (d.approved > 0 ? d.funding_rate_bp : null)), stroke: seriesColour(1, 3) },
      ],
    },
    data: {
      columns: ['Month', 'Decided', 'Approved', 'Funded', 'Approval rate', 'Funding rate'],
      rows: p.decisions.map((d) => ({
        key: d.month,
        cells: [monthLabel(d.month), d.decided, d.approved, d.funded, pct(d.approval_rate_bp), pct(d.funding_rate_bp)],
      })),
    },
  };
  const meX = idx(p.balances.length);
  const meLabel = (i: number) => monthLabel(p.balances[i]?.month_end ?? '');
  const balances = {
    chart: {
      x: meX,
      xLabel: meLabel,
      yFormat: axisDollars,
      series: [{ label: 'Active balance', values: p.balances.map((b) => b.active_balance), stroke: seriesColour(0, 3) }],
    },
    data: {
      columns: ['Month end', 'Active loans', 'Active balance'],
      rows: p.balances.map((b) => ({ key: b.month_end, cells: [monthLabel(b.month_end), b.active_count.toLocaleString('en-US'), dollars(b.active_balance)] })),
    },
  };
  const buckets = p.delinquency[0]?.buckets.map((b) => b.bucket) ?? [];
  const delinquency = {
    chart: {
      x: idx(p.delinquency.length),
      xLabel: (i: number) => monthLabel(p.delinquency[i]?.month_end ?? ''),
      yFormat: axisPercent,
      series: buckets.map((bucket, k) => ({
        label: MONTH_END_STATE_LABELS[bucket],
        values: p.delinquency.map((r) => r.buckets[k]?.share_bp ?? null),
        stroke: seriesColour(k, buckets.length),
      })),
    },
    data: {
      columns: ['Month end', ...buckets.map((b) => MONTH_END_STATE_LABELS[b])],
      rows: p.delinquency.map((r) => ({
        key: r.month_end,
        cells: [monthLabel(r.month_end), ...r.buckets.map((b) => `${pct(b.share_bp)} (${dollars(b.principal)}, ${b.count})`)],
      })),
    },
  };
  const shareTo = (rows: readonly RollRow[], from: string, to: string) => {
    const row = rows.find((r) => r.from === from);
    if (!row || row.principal === 0) return null;
    const worse = row.to.filter((t) => t.state === to || (to === '120+' && t.state === 'charged_off'));
    return worse.reduce((s, t) => s + t.share_bp, 0);
  };
  const latest = p.roll_rates[p.roll_rates.length - 1];
  const rollColumns: TableColumn<RollRow>[] = [
    { key: 'from', header: 'From', cell: (r) => MONTH_END_STATE_LABELS[r.from] },
    { key: 'balance', header: 'Balance', cell: (r) => dollars(r.principal), align: 'end' },
    ...(latest?.rows[0]?.to.map((t, k) => ({
      key: t.state,
      header: MONTH_END_STATE_LABELS[t.state],
      cell: (r: RollRow) => (r.principal === 0 ? '—' : pct(r.to[k]?.share_bp ?? 0)),
      align: 'end' as const,
    })) ?? []),
  ];
  const rolls = {
    chart: {
      x: idx(p.roll_rates.length),
      xLabel: (i: number) => monthLabel(p.roll_rates[i]?.to_month_end ?? ''),
      yFormat: axisPercent,
      series: ROLL_FORWARD.map(([from, to], k) => ({
        label: `${MONTH_END_STATE_LABELS[from]} → ${to === '120+' ? '120+ / charged off' : MONTH_END_STATE_LABELS[to]}`,
        values: p.roll_rates.map((m) => shareTo(m.rows, from, to)),
        stroke: seriesColour(k, ROLL_FORWARD.length),
      })),
    },
    data: {
      columns: [
        'Month',
        ...ROLL_FORWARD.map(([from, to]) => `${MONTH_END_STATE_LABELS[from]} → ${to === '120+' ? '120+ / charged off' : MONTH_END_STATE_LABELS[to]}`),
      ],
      rows: p.roll_rates.map((m) => ({
        key: m.from_month_end,
        cells: [
          `${monthLabel(m.from_month_end)} → ${monthLabel(m.to_month_end)}`,
          ...ROLL_FORWARD.map(([from, to]) => {
            const s = shareTo(m.rows, from, to);
            return s === null ? '—' : pct(s);
          }),
        ],
      })),
    },
    latest,
    columns: rollColumns,
  };
  const chargeOffs = {
    chart: {
      x: idx(p.charge_offs.length),
      xLabel: (i: number) => monthLabel(p.charge_offs[i]?.month ?? ''),
      yFormat: axisDollars,
      series: [
        { label: 'Charged off', values: p.charge_offs.map((c) => c.amount), stroke: seriesColour(0, 3) },
        { label: 'Net of recoveries', values: p.charge_offs.map((c) => c.net), stroke: seriesColour(1, 3) },
      ],
    },
    data: {
      columns: ['Month', 'Loans charged off', 'Charged off', 'Recoveries', 'Net'],
      rows: p.charge_offs.map((c) => ({ key: c.month, cells: [monthLabel(c.month), c.count, dollars(c.amount), dollars(c.recoveries), dollars(c.net)] })),
    },
  };
  const longest = Math.max(0, ...p.vintages.map((v) => v.points.length));
  const vintages = {
    chart: {
      x: idx(longest),
      xLabel: (i: number) => String(i),
      yFormat: axisPercent,
      series: p.vintages.map((v, k) => ({
        label: monthLabel(v.origination_month),
        values: idx(longest).map((i) => v.points[i]?.loss_bp ?? null),
        stroke: seriesColour(k, p.vintages.length),
      })),
    },
    data: {
      columns: ['Vintage', 'Loans', 'Amount lent', ...idx(longest).map((i) => `Month ${i}`)],
      rows: p.vintages.map((v) => ({
        key: v.origination_month,
        cells: [
          monthLabel(v.origination_month),
          v.count,
          dollars(v.original_amount),
          ...idx(longest).map((i) => (v.points[i] ? pct(v.points[i].loss_bp) : '—')),
        ],
      })),
    },
  };
  return { lastBalance: p.balances[p.balances.length - 1], originations, decisions, balances, delinquency, rolls, chargeOffs, vintages };
}
