import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, serial, text, timestamp, unique, uniqueIndex } from 'drizzle-orm/pg-core';
import { applicationMembers } from './identity';
import { bankAccounts } from './banking';
import { loans } from './servicing';
import { staffUsers } from './staff';
import type { Cents } from '@payrail/domain/money';
import type { IsoDate } from '@payrail/domain/dates';
import { REWARD_KINDS } from '@payrail/domain/referral/rewards';
import { REFERRAL_PAYOUT_STATUSES } from '@payrail/contract/referral';

/**
 * The referral rewards ledger (newflow spec §9): one immutable row per reward event (a trigger refuses
 * UPDATE and DELETE). `event_key` is unique per referrer (`submitted:<applicationId>`,
 * `approved:<friendId>`, `bonus:<nth>`), so recording an event twice — a retry, two instances — writes
 * one row. Levels and totals are DERIVED from these rows (packages/domain/src/referral/rewards.ts).
 * Money in cents; `payable_on` = `earned_on` + REFERRAL_PAYOUT_WAIT_DAYS.
 */
export const referralRewards = pgTable(
  'referral_rewards',
  {
    id: serial('id').primaryKey(),
    referrerUserId: integer('referrer_user_id')
      .notNull()
      .references(() => applicationMembers.id),
    friendUserId: integer('friend_user_id')
      .notNull()
      .references(() => applicationMembers.id),
    kind: text('kind', { enum: REWARD_KINDS }).notNull(),
    eventKey: text('event_key').notNull(),
    amountCents: integer('amount_cents').$type<Cents>().notNull(),
    points: integer('points').notNull(),
    earnedOn: date('earned_on', { mode: 'string' }).$type<IsoDate>().notNull(),
    payableOn: date('payable_on', { mode: 'string' }).$type<IsoDate>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    unique('referral_rewards_referrer_event').on(t.referrerUserId, t.eventKey),
    index('referral_rewards_friend_idx').on(t.friendUserId),
    // Zero only for an event earned again after its first reward was voided once paid (the referrer kept that money).
    check('referral_rewards_amount_not_negative', sql`${t.amountCents} >= 0 and ${t.points} >= 0`),
  ],
);

/** An ACH credit paying a member's payable rewards, released by a servicer in the back office. */
export const referralPayouts = pgTable(
  'referral_payouts',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => applicationMembers.id),
    amountCents: integer('amount_cents').$type<Cents>().notNull(),
    /** The ACH credit's trace id; null while the payout is `queued` (not originated yet). */
    traceId: text('trace_id'),
    /**
     * The credit entry's NACHA trace number (ach_credit_trace_numbers, reserved per the originator's key
     * before sending): what the bank's return of the credit quotes. Null while `queued`, and for payouts
     * originated before it was recorded.
     */
    achTraceNumber: text('ach_trace_number'),
    /** The receiving account the credit went to (null while `queued`, and before it was recorded). */
    bankAccountId: integer('bank_account_id').references(() => bankAccounts.id),
    idempotencyKey: text('idempotency_key').notNull().unique(),
    /** `queued` when released (the `referral.payout` job originates it), then the ACH credit's status. */
    status: text('status', { enum: REFERRAL_PAYOUT_STATUSES }).notNull(),
    /** When the credit's settlement was read (`settled`); null otherwise. */
    settledAt: timestamp('settled_at', { withTimezone: true }),
    /** When the credit's return was read (`returned`): its rewards are payable again from then. */
    returnedAt: timestamp('returned_at', { withTimezone: true }),
    /** The bank's return reason code (e.g. R03) when the source of the return names one; null otherwise. */
    returnCode: text('return_code'),
    releasedByStaffId: integer('released_by_staff_id')
      .notNull()
      .references(() => staffUsers.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('referral_payouts_user_idx').on(t.userId),
    check('referral_payouts_amount_positive', sql`${t.amountCents} > 0`),
    check('referral_payouts_trace_once_originated', sql`(${t.status} = 'queued') = (${t.traceId} is null)`),
    // A credit can be returned after it looked settled: a returned payout may keep its `settled_at`.
    check(
      'referral_payouts_settled_at',
      sql`(${t.status} = 'settled' and ${t.settledAt} is not null) or (${t.status} <> 'settled' and (${t.settledAt} is null or ${t.status} = 'returned'))`,
    ),
    uniqueIndex('referral_payouts_ach_trace_number_key').on(t.achTraceNumber),
    check('referral_payouts_ach_trace_number', sql`${t.achTraceNumber} is null or (${t.achTraceNumber} ~ '^[0-9]{15}$' and ${t.status} <> 'queued')`),
    check('referral_payouts_returned_at', sql`(${t.status} = 'returned') = (${t.returnedAt} is not null)`),
  ],
);

/**
 * Which rewards a payout paid. A reward is in at most one payout that was not returned (unique reward id
 * among the items with no `returned_at`): when a payout's credit comes back, its items get `returned_at`
 * (kept as its history) and their rewards are payable again, by a later payout.
 */
export const referralPayoutItems = pgTable(
  'referral_payout_items',
  {
    id: serial('id').primaryKey(),
    payoutId: integer('payout_id')
      .notNull()
      .references(() => referralPayouts.id),
    rewardId: integer('reward_id')
      .notNull()
      .references(() => referralRewards.id),
    returnedAt: timestamp('returned_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('referral_payout_items_reward_paid_once')
      .on(t.rewardId)
      .where(sql`${t.returnedAt} is null`),
    index('referral_payout_items_payout_idx').on(t.payoutId),
  ],
);

/**
 * A reward that no longer stands: the referred friend's loan that earned it was canceled before the friend
 * had its money (cancel_undelivered, cancel_unsent), or a bonus whose nth approved referral that voiding
 * took away. Written in the cancel's transaction, under the loan's lock and the referrer's; one per reward
 * (the ledger itself is append-only). A voided reward is not counted (levels, points, bonuses), not
 * payable and not paid; one that a payout had already paid (`paid_payout_id`) is kept by the referrer —
 * nothing is clawed back — and the same event earned again later pays nothing more.
 */
export const referralRewardVoids = pgTable(
  'referral_reward_voids',
  {
    id: serial('id').primaryKey(),
    rewardId: integer('reward_id')
      .notNull()
      .unique()
      .references(() => referralRewards.id),
    /** The referrer whose reward it is (the member whose kept answers it changes). */
    referrerUserId: integer('referrer_user_id')
      .notNull()
      .references(() => applicationMembers.id),
    loanId: integer('loan_id')
      .notNull()
      .references(() => loans.id),
    reason: text('reason').notNull(),
    /** The staff member whose cancel voided it; null when the system did. */
    staffUserId: integer('staff_user_id').references(() => staffUsers.id),
    /** The payout (not returned) that had paid the reward when it was voided; null when it was unpaid. */
    paidPayoutId: integer('paid_payout_id').references(() => referralPayouts.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('referral_reward_voids_referrer_idx').on(t.referrerUserId)],
);
