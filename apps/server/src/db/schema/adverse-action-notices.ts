import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { memberRowColumns } from './identity';
import type { Cents } from '@payrail/domain/money';

/**
 * Adverse-action notices recorded as the applicant reads them (docs/newflow.md "Counteroffer"): the
 * new flow's combined counteroffer and adverse-action notice (Reg B 1002.9(a)(1)(iv) and comment
 * 9(a)(1)-6, FCRA 615(a)), written when the rate check counteroffers — the amounts, the principal
 * reasons, the score used and its bureau, and the notice's full text as e-mailed.
 */
export const adverseActionNotices = pgTable(
  'adverse_action_notices',
  {
    ...memberRowColumns(),
    kind: text('kind', { enum: ['counteroffer'] }).notNull(),
    requestedCents: integer('requested_cents').$type<Cents>(),
    offeredCents: integer('offered_cents').$type<Cents>(),
    reasons: jsonb('reasons').$type<string[]>().notNull(),
    creditScore: integer('credit_score'),
    bureauName: text('bureau_name'),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    emailedAt: timestamp('emailed_at', { withTimezone: true }),
  },
  (t) => [check('adverse_action_notices_kind', sql`${t.kind} in ('counteroffer')`), index('adverse_action_notices_user_idx').on(t.userId, t.id)],
);
