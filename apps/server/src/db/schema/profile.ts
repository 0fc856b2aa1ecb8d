import { index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { requestOriginColumns } from './columns';
import { memberRowColumns } from './identity';

/**
 * A borrower's own view of a sensitive field in full (personal information: "show in full" on the SSN).
 * Append-only (a trigger refuses updates and deletes); never holds the value itself.
 */
export const memberSensitiveViews = pgTable(
  'member_sensitive_views',
  {
    ...memberRowColumns(),
    field: text('field', { enum: ['social_security_number'] }).notNull(),
    ...requestOriginColumns(),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (t) => [index('member_sensitive_views_user_idx').on(t.userId, t.id)],
);
