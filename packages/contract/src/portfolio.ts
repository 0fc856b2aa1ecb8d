import { z } from 'zod';

import { DELINQUENCY_BUCKETS } from '@payrail/domain/collections/buckets';
import { MONTH_END_STATES } from '@payrail/domain/portfolio/figures';
import { CSV_FIGURES, type CsvFigure } from '@payrail/domain/portfolio/csv';

import { ZCents } from './money.js';
import { ZIsoDate } from './dates';

/**
 * The back-office Portfolio page (docs/portfolio.md): GET /api/backoffice/portfolio (capability
 * `portfolio`) and one CSV per figure, GET /api/backoffice/portfolio/:figure.csv. Money in integer cents;
 * rates and shares in whole basis points (1 bp = 0.01 %); months `YYYY-MM`, month ends `YYYY-MM-DD`.
 */

const ZMonth = z.string().regex(/^\d{4}-\d{2}$/);
const ZDay = ZIsoDate;
const ZBp = z.number().int().min(0).max(10_000);
const ZCount = z.number().int().min(0);
const ZBucket = z.enum(DELINQUENCY_BUCKETS);
const ZState = z.enum(MONTH_END_STATES);

export const PORTFOLIO_FIGURES = CSV_FIGURES;
export type PortfolioFigure = CsvFigure;
export const ZPortfolioFigureParams = z.object({ figure: z.enum(PORTFOLIO_FIGURES, { error: `The figure must be one of ${PORTFOLIO_FIGURES.join(', ')}.` }) });

export const ZPortfolio = z.object({
  /** The business date the page was computed on. */
  as_of: ZDay,
  month_ends: z.array(ZDay),
  originations: z.array(z.object({ month: ZMonth, count: ZCount, amount: ZCents })),
  decisions: z.array(z.object({ month: ZMonth, decided: ZCount, approved: ZCount, funded: ZCount, approval_rate_bp: ZBp, funding_rate_bp: ZBp })),
  balances: z.array(z.object({ month_end: ZDay, active_count: ZCount, active_balance: ZCents })),
  delinquency: z.array(z.object({ month_end: ZDay, buckets: z.array(z.object({ bucket: ZBucket, count: ZCount, principal: ZCents, share_bp: ZBp })) })),
  roll_rates: z.array(
    z.object({
      from_month_end: ZDay,
      to_month_end: ZDay,
      rows: z.array(
        z.object({
          from: ZBucket,
          count: ZCount,
          principal: ZCents,
          to: z.array(z.object({ state: ZState, count: ZCount, principal: ZCents, share_bp: ZBp })),
        }),
      ),
    }),
  ),
  charge_offs: z.array(z.object({ month: ZMonth, count: ZCount, amount: ZCents, recoveries: ZCents, net: ZCents })),
  vintages: z.array(
    z.object({
      origination_month: ZMonth,
      count: ZCount,
      original_amount: ZCents,
      points: z.array(z.object({ months_on_book: ZCount, month_end: ZDay, cumulative_charged_off: ZCents, loss_bp: ZCount })),
    }),
  ),
});
export type TPortfolio = z.infer<typeof ZPortfolio>;

/** Labels of the month-end states (buckets as written, then the two ends). */
export const MONTH_END_STATE_LABELS: Record<(typeof MONTH_END_STATES)[number], string> = {
  current: 'Current',
  '1-29': '1–29 days',
  '30-59': '30–59 days',
  '60-89': '60–89 days',
  '90-119': '90–119 days',
  '120+': '120+ days',
  charged_off: 'Charged off',
  paid_off: 'Paid off / closed',
};
