import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, serial, text, timestamp, unique, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdUpdatedAt } from './columns';
import { documents } from './documents';
import { memberRowColumns } from './identity';
import { loans } from './servicing';
import { staffUsers } from './staff';
import type { Cents } from '@payrail/domain/money';
import { HARDSHIP_EVENT_KINDS, HARDSHIP_REASONS, HARDSHIP_STATUSES } from '@payrail/domain/care/hardship';

/**
 * Hardship requests (docs/hardship.md): the borrower's reason, description and proposed plan (defer 1–3
 * payments, optionally waive late fees), optional monthly income and expenses, and staff's decision. At most
 * one OPEN request (submitted or info_requested) per loan (partial unique index). An approval is applied to
 * the schedule through `loan_schedule_revisions` (kind hardship, source this id) in the same transaction.
 */
export const hardshipRequests = pgTable(
  'hardship_requests',
  {
    ...memberRowColumns(),
    loanId: integer('loan_id')
      .notNull()
      .references(() => loans.id),
    status: text('status', { enum: HARDSHIP_STATUSES }).notNull(),
    reason: text('reason', { enum: HARDSHIP_REASONS }).notNull(),
    description: text('description').notNull(),
    deferPayments: integer('defer_payments').notNull(),
    waiveLateFees: boolean('waive_late_fees').notNull(),
    monthlyIncomeCents: integer('monthly_income_cents').$type<Cents>(),
    monthlyExpensesCents: integer('monthly_expenses_cents').$type<Cents>(),
    /** The latest staff message to the borrower (question, reason for declining, note of approval). */
    staffMessage: text('staff_message'),
    /** The approved plan: payments deferred, fees waived (yes/no), the cents waived, the APRs and dates. */
    decision: jsonb('decision').$type<{
      /** The business date of the approval (the 12-month rule counts from it). */
      decidedOn: string;
      deferPayments: number;
      waiveLateFees: boolean;
      waivedCents: number;
      aprBefore: string;
      aprAfter: string;
      dueDatesBefore: string[];
      dueDatesAfter: string[];
      firstMovedN: number;
      payments: number[];
    }>(),
    decidedByStaffId: integer('decided_by_staff_id').references(() => staffUsers.id),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    ...createdUpdatedAt(),
  },
  (t) => [
    index('hardship_requests_user_idx').on(t.userId),
    index('hardship_requests_status_idx').on(t.status, t.id),
    uniqueIndex('hardship_requests_one_open')
      .on(t.loanId)
      .where(sql`${t.status} in ('submitted', 'info_requested')`),
    check('hardship_requests_defer_range', sql`${t.deferPayments} between 1 and 3`),
  ],
);

/** The history of a request: submitted, info requested, answered, approved, declined; by the borrower or staff. */
export const hardshipEvents = pgTable(
  'hardship_events',
  {
    id: serial('id').primaryKey(),
    requestId: integer('request_id')
      .notNull()
      .references(() => hardshipRequests.id),
    kind: text('kind', { enum: HARDSHIP_EVENT_KINDS }).notNull(),
    staffId: integer('staff_id').references(() => staffUsers.id),
    message: text('message'),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (t) => [index('hardship_events_request_idx').on(t.requestId, t.id)],
);

/** Documents attached to a request (uploaded through POST /documents as `hardship_document`), with the event that brought them. */
export const hardshipDocuments = pgTable(
  'hardship_documents',
  {
    id: serial('id').primaryKey(),
    requestId: integer('request_id')
      .notNull()
      .references(() => hardshipRequests.id),
    eventId: integer('event_id')
      .notNull()
      .references(() => hardshipEvents.id),
    documentId: integer('document_id')
      .notNull()
      .references(() => documents.id),
  },
  (t) => [unique('hardship_documents_document').on(t.documentId), index('hardship_documents_request_idx').on(t.requestId)],
);
