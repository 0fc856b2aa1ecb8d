import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, text, timestamp, unique, uniqueIndex } from 'drizzle-orm/pg-core';
import { borrowerLoanRowColumns, loanRowColumns, loans } from './servicing';
import { staffUsers } from './staff';
import type { Cents } from '@payrail/domain/money';
import type { IsoDate } from '@payrail/domain/dates';
import { DELINQUENCY_BUCKETS } from '@payrail/domain/collections/buckets';
import { CONTACT_CHANNELS, CONTACT_OUTCOMES } from '@payrail/domain/collections/contact-limits';
import { NOTICE_KINDS } from '@payrail/domain/collections/notices';
import { PROMISE_STATUSES } from '@payrail/domain/collections/promises';
import { NOTICE_CHANNELS } from '@payrail/domain/collections/policy';
import { NOTICE_DELIVERY_STATUSES } from '@payrail/contract/collections';

/**
 * The collections desk (docs/collections.md; not the daily run's claims of ./collections.ts). The daily
 * run records each delinquent loan's days past due and bucket here; collectors log contacts, notes and
 * promises to pay; the notice log makes each reminder and past-due notice go at most once.
 */

/** The buckets of packages/domain/src/collections/buckets.ts. */
export const DELINQUENCY_BUCKET_VALUES = DELINQUENCY_BUCKETS;

/**
 * A loan's delinquency as of the last run that serviced it (one row per loan that has ever been past due):
 * days past due, bucket and since when it is in that bucket, the past-due amount, the oldest unpaid due date.
 */
export const loanDelinquency = pgTable(
  'loan_delinquency',
  {
    loanId: integer('loan_id')
      .primaryKey()
      .references(() => loans.id),
    asOf: date('as_of', { mode: 'string' }).$type<IsoDate>().notNull(),
    daysPastDue: integer('days_past_due').notNull(),
    bucket: text('bucket', { enum: DELINQUENCY_BUCKET_VALUES }).notNull(),
    bucketSince: date('bucket_since', { mode: 'string' }).$type<IsoDate>().notNull(),
    /** The oldest unpaid due date (null when current). */
    delinquentSince: date('delinquent_since', { mode: 'string' }).$type<IsoDate>(),
    pastDueCents: integer('past_due_cents').$type<Cents>().notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('loan_delinquency_bucket_idx').on(t.bucket, t.daysPastDue, t.loanId),
    check('loan_delinquency_bucket_valid', sql`${t.bucket} in ('current', '1-29', '30-59', '60-89', '90-119', '120+')`),
    check('loan_delinquency_days_valid', sql`${t.daysPastDue} >= 0 and ${t.pastDueCents} >= 0`),
  ],
);

/** Every bucket transition of a loan (history): from, to, on which business date, at how many days past due. */
export const loanDelinquencyHistory = pgTable(
  'loan_delinquency_history',
  {
    ...loanRowColumns(),
    fromBucket: text('from_bucket', { enum: DELINQUENCY_BUCKET_VALUES }),
    toBucket: text('to_bucket', { enum: DELINQUENCY_BUCKET_VALUES }).notNull(),
    onDate: date('on_date', { mode: 'string' }).$type<IsoDate>().notNull(),
    daysPastDue: integer('days_past_due').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [unique('loan_delinquency_history_loan_date').on(t.loanId, t.onDate)],
);

/** The key of a collector's entry on a loan (contact, note, promise to pay): its id, the loan's, and the collector's. */
function collectorEntryColumns() {
  return {
    ...loanRowColumns(),
    staffUserId: integer('staff_user_id')
      .notNull()
      .references(() => staffUsers.id),
  };
}

/** A contact attempt a collector logged (Regulation F limits checked before it is written). */
export const collectionContacts = pgTable(
  'collection_contacts',
  {
    ...collectorEntryColumns(),
    channel: text('channel', { enum: CONTACT_CHANNELS }).notNull(),
    outcome: text('outcome', {
      enum: CONTACT_OUTCOMES,
    }).notNull(),
    note: text('note'),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('collection_contacts_loan_idx').on(t.loanId, t.at),
    check('collection_contacts_channel_valid', sql`${t.channel} in ('call', 'sms', 'email', 'letter')`),
    check(
      'collection_contacts_outcome_valid',
      sql`${t.outcome} in ('no_answer', 'left_message', 'spoke_with_borrower', 'promise_to_pay', 'refused_to_pay', 'disputed', 'wrong_number', 'sent')`,
    ),
  ],
);

/** A collector's note on a loan. */
export const collectionNotes = pgTable(
  'collection_notes',
  {
    ...collectorEntryColumns(),
    body: text('body').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (t) => [index('collection_notes_loan_idx').on(t.loanId, t.at)],
);

/** A promise to pay: open until the daily run decides it (kept or broken) the day after its date. At most one open per loan. */
export const promisesToPay = pgTable(
  'promises_to_pay',
  {
    ...collectorEntryColumns(),
    /** The business date it was made. */
    madeOn: date('made_on', { mode: 'string' }).$type<IsoDate>().notNull(),
    promisedDate: date('promised_date', { mode: 'string' }).$type<IsoDate>().notNull(),
    amountCents: integer('amount_cents').$type<Cents>().notNull(),
    status: text('status', { enum: PROMISE_STATUSES }).notNull(),
    /** The business date the run decided it. */
    decidedOn: date('decided_on', { mode: 'string' }).$type<IsoDate>(),
    /** Money received from made_on through promised_date when decided. */
    receivedCents: integer('received_cents').$type<Cents>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('promises_to_pay_loan_idx').on(t.loanId, t.id),
    index('promises_to_pay_open_idx').on(t.status, t.promisedDate),
    uniqueIndex('promises_to_pay_one_open')
      .on(t.loanId)
      .where(sql`${t.status} = 'open'`),
    check('promises_to_pay_amount_positive', sql`${t.amountCents} > 0`),
    check('promises_to_pay_status_valid', sql`${t.status} in ('open', 'kept', 'broken')`),
  ],
);

/**
 * The notice log: each reminder / past-due notice per loan, delinquency (due date), policy day and channel —
 * sent, or not sent because the borrower opted out of that channel (or has no address for it). Unique: at most once.
 */
export const collectionNotices = pgTable(
  'collection_notices',
  {
    ...borrowerLoanRowColumns(),
    kind: text('kind', { enum: NOTICE_KINDS }).notNull(),
    /** Past due: days past due of the policy; reminder: days before the due date. */
    noticeDay: integer('notice_day').notNull(),
    /** Past due: the oldest unpaid due date; reminder: the due date. */
    dueDate: date('due_date', { mode: 'string' }).$type<IsoDate>().notNull(),
    channel: text('channel', { enum: NOTICE_CHANNELS }).notNull(),
    status: text('status', { enum: NOTICE_DELIVERY_STATUSES }).notNull(),
    businessDate: date('business_date', { mode: 'string' }).$type<IsoDate>().notNull(),
    message: text('message').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    unique('collection_notices_once').on(t.loanId, t.kind, t.dueDate, t.noticeDay, t.channel),
    index('collection_notices_loan_idx').on(t.loanId, t.id),
    check('collection_notices_kind_valid', sql`${t.kind} in ('reminder', 'past_due')`),
    check('collection_notices_channel_valid', sql`${t.channel} in ('email', 'sms')`),
    check('collection_notices_status_valid', sql`${t.status} in ('sent', 'opted_out', 'no_address')`),
  ],
);
