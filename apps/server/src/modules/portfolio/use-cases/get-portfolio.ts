import type { TPortfolio } from '@payrail/contract/portfolio';
import type { PortfolioFigure } from '@payrail/contract/portfolio';
import { figureCsv } from '@payrail/domain/portfolio/csv';
import { portfolioFigures } from '@payrail/domain/portfolio/figures';
import type { FactStatus, MonthEndState, PortfolioFigures } from '@payrail/domain/portfolio/figures';
import { stateOf } from '@payrail/domain/portfolio/figures';
import type { DelinquencyBucket } from '@payrail/domain/collections/buckets';
import type { IsoDate } from '@payrail/domain/dates';
import type { AppContext } from '../../../context';
import { decisionsByMonth, originationsByMonth, recoveriesByMonth } from '../../loan-book/loans';
import { businessDate } from '../../loan-book/servicing-policy';

const stateOfRow = (status: string, bucket: string): MonthEndState =>
  status === 'opened' || status === 'default' ? (bucket as DelinquencyBucket) : stateOf({ status: status as FactStatus, daysPastDue: 0 });

/**
 * The portfolio's figures: six grouped queries (originations, decisions and recoveries from the loan book;
 * month-end positions, roll pairs and vintage charge-offs from the month-end facts), then the domain's
 * `portfolioFigures`. The work does not grow with the number of loans beyond the database's GROUP BY.
 */
export async function portfolioOf(ctx: AppContext): Promise<PortfolioFigures> {
  const repo = ctx.repos.portfolio;
  const [originations, decisions, recoveries, positions, rolls, vintages] = await Promise.all([
    originationsByMonth(ctx),
    decisionsByMonth(ctx),
    recoveriesByMonth(ctx),
    repo.positionCells(),
    repo.rollCells(),
    repo.vintageCells(),
  ]);
  return portfolioFigures({
    originations,
    decisions,
    recoveries,
    positions: positions.map((p) => ({
      monthEnd: p.monthEnd as IsoDate,
      state: stateOfRow(p.status, p.bucket),
      count: p.count,
      principalCents: p.principalCents,
      chargedOffCents: p.chargedOffCents,
    })),
    rolls: rolls.map((r) => ({
      fromMonthEnd: r.fromMonthEnd as IsoDate,
      from: r.from,
      to: stateOfRow(r.toStatus, r.toBucket),
      count: r.count,
      principalCents: r.principalCents,
    })),
    vintages: vintages.map((v) => ({ originationMonth: v.originationMonth, monthEnd: v.monthEnd as IsoDate, chargedOffCents: v.chargedOffCents })),
  });
}

/** The page on the wire. */
export async function getPortfolio(ctx: AppContext): Promise<TPortfolio> {
  const [f, asOf] = await Promise.all([portfolioOf(ctx), businessDate(ctx)]);
  return {
    as_of: asOf,
    month_ends: [...f.monthEnds],
    originations: f.originations.map((o) => ({ month: o.month, count: o.count, amount: o.amountCents })),
    decisions: f.decisions.map((d) => ({
      month: d.month,
      decided: d.decided,
      approved: d.approved,
      funded: d.funded,
      approval_rate_bp: d.approvalRateBp,
      funding_rate_bp: d.fundingRateBp,
    })),
    balances: f.balances.map((b) => ({ month_end: b.monthEnd, active_count: b.activeCount, active_balance: b.activeBalanceCents })),
    delinquency: f.delinquency.map((r) => ({
      month_end: r.monthEnd,
      buckets: r.buckets.map((b) => ({ bucket: b.bucket, count: b.count, principal: b.principalCents, share_bp: b.shareBp })),
    })),
    roll_rates: f.rollRates.map((m) => ({
      from_month_end: m.fromMonthEnd,
      to_month_end: m.toMonthEnd,
      rows: m.rows.map((r) => ({
        from: r.from,
        count: r.count,
        principal: r.principalCents,
        to: r.to.map((t) => ({ state: t.state, count: t.count, principal: t.principalCents, share_bp: t.shareBp })),
      })),
    })),
    charge_offs: f.chargeOffs.map((c) => ({ month: c.month, count: c.count, amount: c.amountCents, recoveries: c.recoveriesCents, net: c.netCents })),
    vintages: f.vintages.map((v) => ({
      origination_month: v.originationMonth,
      count: v.count,
      original_amount: v.originalAmountCents,
      points: v.points.map((p) => ({
        months_on_book: p.monthsOnBook,
        month_end: p.monthEnd,
        cumulative_charged_off: p.cumulativeChargedOffCents,
        loss_bp: p.lossBp,
      })),
    })),
  };
}

/** One figure as CSV, with its file name (`portfolio-<figure>-<business date>.csv`). */
export async function portfolioCsv(ctx: AppContext, figure: PortfolioFigure): Promise<{ fileName: string; csv: string }> {
  const [f, asOf] = await Promise.all([portfolioOf(ctx), businessDate(ctx)]);
  return { fileName: `portfolio-${figure}-${asOf}.csv`, csv: figureCsv(f, figure) };
}
