import { date, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { memberRowColumns } from './identity';
import { employers } from './reference';
import type { IsoDate } from '@payrail/domain/dates';

/**
 * Employers typed in as "not listed" (POST /employers). Each gets a hidden `employers` row (`is_other`,
 * out of the search) so the borrower can point at it like any other, and this request, which a
 * person reviews before the employer takes part in a program.
 */
export const employerRequests = pgTable(
  'employer_requests',
  {
    ...memberRowColumns(),
    employerId: integer('employer_id')
      .notNull()
      .unique()
      .references(() => employers.id),
    name: text('name').notNull(),
    paymentFrequency: text('payment_frequency', { enum: ['weekly', 'biweekly', 'monthly'] }).notNull(),
    /** The date of the last paycheck: anchors the pay calendar for the first payment date. */
    lastPaycheckDate: date('last_paycheck_date', { mode: 'string' }).$type<IsoDate>().notNull(),
    status: text('status', { enum: ['pending_review', 'approved', 'rejected'] })
      .notNull()
      .default('pending_review'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
  },
  (t) => [index('employer_requests_user_idx').on(t.userId)],
);
