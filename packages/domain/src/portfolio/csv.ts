/**
 * One CSV per portfolio figure (RFC 4180: comma-separated, CRLF line ends, a field quoted when it holds a
 * comma, a quote or a line break; quotes doubled). Money in dollars with two decimals, shares and rates in
 * percent with two decimals, so a spreadsheet reads them as numbers.
 */
import { cents, formatCents } from '../money';
import { MONTH_END_STATES } from './figures';
import type { PortfolioFigures } from './figures';

export type CsvCell = string | number;

/** A CSV document from a header and rows. */
export function toCsv(header: readonly string[], rows: readonly (readonly CsvCell[])[]): string {
  const field = (v: CsvCell) => {
    const s = String(v);
    return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
  };
  return [header, ...rows].map((r) => r.map(field).join(',')).join('\r\n') + '\r\n';
}

/** Cents as dollars with two decimals (`-12.34`). */
export const dollars = (c: number): string => formatCents(cents(c));
/** Basis points as a percent with two decimals (`12.34`). */
export const percent = (bp: number): string => dollars(bp);

/** The figures a CSV exists for. */
export const CSV_FIGURES = ['originations', 'decisions', 'balances', 'delinquency', 'roll-rates', 'charge-offs', 'vintages'] as const;
export type CsvFigure = (typeof CSV_FIGURES)[number];

/** The CSV of one figure: the same rows as the page's table for it. */
export function figureCsv(f: PortfolioFigures, figure: CsvFigure): string {
  switch (figure) {
    case 'originations':
      return toCsv(
        ['month', 'loans', 'amount_usd'],
        f.originations.map((o) => [o.month, o.count, dollars(o.amountCents)]),
      );
    case 'decisions':
      return toCsv(
        ['month', 'decided', 'approved', 'funded', 'approval_rate_pct', 'funding_rate_pct'],
        f.decisions.map((d) => [d.month, d.decided, d.approved, d.funded, percent(d.approvalRateBp), percent(d.fundingRateBp)]),
      );
    case 'balances':
      return toCsv(
        ['month_end', 'active_loans', 'active_balance_usd'],
        f.balances.map((b) => [b.monthEnd, b.activeCount, dollars(b.activeBalanceCents)]),
      );
    case 'delinquency':
      return toCsv(
        ['month_end', 'bucket', 'loans', 'principal_usd', 'share_pct'],
        f.delinquency.flatMap((r) => r.buckets.map((b) => [r.monthEnd, b.bucket, b.count, dollars(b.principalCents), percent(b.shareBp)])),
      );
    case 'roll-rates':
      return toCsv(
        ['from_month_end', 'to_month_end', 'from_bucket', 'from_principal_usd', ...MONTH_END_STATES.map((s) => `to_${s}_pct`)],
        f.rollRates.flatMap((m) =>
          m.rows.map((r) => [m.fromMonthEnd, m.toMonthEnd, r.from, dollars(r.principalCents), ...r.to.map((t) => percent(t.shareBp))]),
        ),
      );
    case 'charge-offs':
      return toCsv(
        ['month', 'loans_charged_off', 'charged_off_usd', 'recoveries_usd', 'net_usd'],
        f.chargeOffs.map((c) => [c.month, c.count, dollars(c.amountCents), dollars(c.recoveriesCents), dollars(c.netCents)]),
      );
    case 'vintages':
      return toCsv(
        ['origination_month', 'loans', 'original_amount_usd', 'months_on_book', 'month_end', 'cumulative_charged_off_usd', 'cumulative_loss_pct'],
        f.vintages.flatMap((v) =>
          v.points.map((p) => [
            v.originationMonth,
            v.count,
            dollars(v.originalAmountCents),
            p.monthsOnBook,
            p.monthEnd,
            dollars(p.cumulativeChargedOffCents),
            percent(p.lossBp),
          ]),
        ),
      );
  }
}
