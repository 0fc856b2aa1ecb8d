import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { applications } from './application';
import { applicationMembers, memberRowColumns } from './identity';
import { staffUsers } from './staff';
import type { Cents } from '@payrail/domain/money';
import type { IsoDate } from '@payrail/domain/dates';
import type { ReapplyOn } from '@payrail/domain/underwriting/reapply';
import { DECISION_OUTCOMES } from '@payrail/domain/underwriting/decide';

/**
 * Every automated underwriting decision, stored as the engine returned it (docs/underwriting-rules.md):
 * the rule-set version, the decision date, the frozen inputs, the outcome and its reasons. Nothing is
 * recomputed later; `decide(inputs, setOf(version), decided_on)` reproduces it.
 */
export const underwritingDecisions = pgTable(
  'underwriting_decisions',
  {
    ...memberRowColumns(),
    applicationId: integer('application_id').references(() => applications.id),
    /** Where it ran: `employer` (employer and income step) or `review` (the application review). */
    stage: text('stage', { enum: ['employer', 'review'] }).notNull(),
    ruleSetVersion: text('rule_set_version').notNull(),
    decidedOn: date('decided_on', { mode: 'string' }).$type<IsoDate>().notNull(),
    inputs: jsonb('inputs').$type<Record<string, unknown>>().notNull(),
    outcome: text('outcome', { enum: DECISION_OUTCOMES }).notNull(),
    reasons: jsonb('reasons').$type<Record<string, unknown>[]>().notNull(),
    maxAmountCents: integer('max_amount_cents').$type<Cents>().notNull(),
    adverseActionReasons: jsonb('adverse_action_reasons').$type<string[]>().notNull(),
    notQualifiedReason: text('not_qualified_reason'),
    reapplyOn: text('reapply_on').$type<ReapplyOn>(),
    trace: jsonb('trace').$type<Record<string, unknown>[]>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('underwriting_decisions_user_idx').on(t.userId, t.id)],
);

/**
 * A reviewer's feedback request (status feedback_sent): the message, the application fields to
 * correct, the document types to upload, the bank information to redo, an allotment. `open` until the
 * borrower answers it (PUT /feedback) or a newer request replaces it.
 */
export const feedbackRequests = pgTable(
  'feedback_requests',
  {
    ...memberRowColumns(),
    applicationId: integer('application_id').references(() => applications.id),
    staffUserId: integer('staff_user_id')
      .notNull()
      .references(() => staffUsers.id),
    message: text('message').notNull(),
    fields: jsonb('fields').$type<string[]>().notNull(),
    documents: jsonb('documents').$type<string[]>().notNull(),
    /** false, true, or an object (e.g. `{ bank_link: true }`). */
    bankInformation: jsonb('bank_information').$type<boolean | Record<string, unknown>>().notNull(),
    allotment: boolean('allotment').notNull().default(false),
    status: text('status', { enum: ['open', 'answered', 'superseded'] })
      .notNull()
      .default('open'),
    /** Names of the fields the borrower changed (never their values). */
    answeredFields: jsonb('answered_fields').$type<string[]>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
  },
  (t) => [index('feedback_requests_user_idx').on(t.userId, t.id)],
);

/** The home panel's star rating and internal feedback text (POST /user_feedback). */
export const userFeedbacks = pgTable(
  'user_feedbacks',
  {
    ...memberRowColumns(),
    rating: integer('rating').notNull(),
    message: text('message').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [check('user_feedbacks_rating', sql`${t.rating} between 1 and 5`)],
);

/**
 * Append-only record of every back-office action on a borrower's application: who, what, on whom,
 * the state before and after, when. Never updated or deleted; the back office's audit log reads it.
 */
export const staffActions = pgTable(
  'staff_actions',
  {
    id: serial('id').primaryKey(),
    staffUserId: integer('staff_user_id')
      .notNull()
      .references(() => staffUsers.id),
    action: text('action').notNull(),
    /** Null for an action on no borrower (a system event). */
    targetUserId: integer('target_user_id').references(() => applicationMembers.id),
    before: jsonb('before').$type<Record<string, unknown>>().notNull(),
    after: jsonb('after').$type<Record<string, unknown>>().notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (t) => [index('staff_actions_target_idx').on(t.targetUserId, t.id), index('staff_actions_staff_idx').on(t.staffUserId, t.id)],
);
