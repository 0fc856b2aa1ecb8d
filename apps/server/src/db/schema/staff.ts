import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { sessionEndColumns } from './columns';
import { STAFF_ROLES } from '@payrail/contract/staff';

export const staffUsers = pgTable('staff_users', {
  id: serial('id').primaryKey(),
  email: text('email').notNull().unique(),
  name: text('name').notNull(),
  role: text('role', { enum: STAFF_ROLES }).notNull(),
  passwordHash: text('password_hash').notNull(),
  disabledAt: timestamp('disabled_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Staff sessions: only the SHA-256 of the token is stored. */
export const staffSessions = pgTable(
  'staff_sessions',
  {
    id: serial('id').primaryKey(),
    tokenHash: text('token_hash').notNull().unique(),
    staffUserId: integer('staff_user_id')
      .notNull()
      .references(() => staffUsers.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    ...sessionEndColumns(),
  },
  (t) => [index('staff_sessions_user_idx').on(t.staffUserId)],
);
