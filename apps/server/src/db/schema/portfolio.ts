import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { loans } from './servicing';
import type { Cents } from '@payrail/domain/money';
import type { IsoDate } from '@payrail/domain/dates';
import { DELINQUENCY_BUCKETS } from '@payrail/domain/collections/buckets';
import { FACT_STATUSES } from '@payrail/domain/portfolio/figures';

/**
 * Month-end facts of the portfolio (docs/portfolio.md): one row per loan per month end, taken from the
 * loan's derived position as of that date by the month-end job (modules/portfolio) once the daily run has
 * completed the month's last day. A loan has rows from the month it was disbursed until the first month
 * end at which it is closed or charged off (that one included). Written once (insert … on conflict do
 * nothing): the job is idempotent and safe to run twice at once.
 */
export const portfolioMonthEndFacts = pgTable(
  'portfolio_month_end_facts',
  {
    monthEnd: date('month_end', { mode: 'string' }).$type<IsoDate>().notNull(),
    loanId: integer('loan_id')
      .notNull()
      .references(() => loans.id),
    /** First day of the month the loan was disbursed. */
    originationMonth: date('origination_month', { mode: 'string' }).$type<IsoDate>().notNull(),
    originalAmountCents: integer('original_amount_cents').$type<Cents>().notNull(),
    status: text('status', { enum: FACT_STATUSES }).notNull(),
    daysPastDue: integer('days_past_due').notNull(),
    bucket: text('bucket', { enum: DELINQUENCY_BUCKETS }).notNull(),
    principalCents: integer('principal_cents').$type<Cents>().notNull(),
    chargedOffCents: integer('charged_off_cents').$type<Cents>().notNull(),
  },
  (t) => [
    primaryKey({ name: 'portfolio_month_end_facts_pkey', columns: [t.monthEnd, t.loanId] }),
    index('portfolio_month_end_facts_loan_idx').on(t.loanId, t.monthEnd),
    check('portfolio_month_end_facts_status_valid', sql`${t.status} in ('opened', 'default', 'charge_off', 'closed_paid', 'closed_refinanced')`),
    check('portfolio_month_end_facts_bucket_valid', sql`${t.bucket} in ('current', '1-29', '30-59', '60-89', '90-119', '120+')`),
    check(
      'portfolio_month_end_facts_money',
      sql`${t.originalAmountCents} > 0 and ${t.principalCents} >= 0 and ${t.chargedOffCents} >= 0 and ${t.daysPastDue} >= 0`,
    ),
  ],
);

/** A month end whose facts are complete (every loan written): the page reads only these. */
export const portfolioMonthEnds = pgTable('portfolio_month_ends', {
  monthEnd: date('month_end', { mode: 'string' }).$type<IsoDate>().primaryKey(),
  loanCount: integer('loan_count').notNull(),
  completedAt: timestamp('completed_at', { withTimezone: true }).notNull(),
});
