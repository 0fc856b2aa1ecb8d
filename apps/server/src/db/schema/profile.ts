import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { applicationMembers } from './identity';

/**
 * A borrower's own view of a sensitive field in full (personal information: "show in full" on the SSN).
 * Append-only (a trigger refuses updates and deletes); never holds the value itself.
 */
export const memberSensitiveViews = pgTable(
  'member_sensitive_views',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => applicationMembers.id),
    field: text('field', { enum: ['social_security_number'] }).notNull(),
    ip: text('ip'),
    userAgent: text('user_agent'),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (t) => [index('member_sensitive_views_user_idx').on(t.userId, t.id)],
);
