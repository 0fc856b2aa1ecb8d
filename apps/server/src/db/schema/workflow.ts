import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { memberRowColumns } from './identity';
import { staffUsers } from './staff';
import { ACTORS } from '@payrail/domain/workflow/machine';

/**
 * Every status change of a member's application: who (actor, and the staff member for a reviewer),
 * when, from, to and why (the table's event). The navigation stack is derived from these rows.
 */
export const workflowTransitions = pgTable(
  'workflow_transitions',
  {
    ...memberRowColumns(),
    /** Null for the first status of an account. */
    fromStatus: text('from_status'),
    toStatus: text('to_status').notNull(),
    event: text('event').notNull(),
    actor: text('actor', { enum: ACTORS }).notNull(),
    staffUserId: integer('staff_user_id').references(() => staffUsers.id),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (t) => [index('workflow_transitions_user_idx').on(t.userId, t.id)],
);
