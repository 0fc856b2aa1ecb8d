import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, serial, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { applicationMembers } from './identity';
import { staffUsers } from './staff';

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
    kind: text('kind', { enum: ['application_submitted', 'referral_approved', 'bonus'] }).notNull(),
    eventKey: text('event_key').notNull(),
    amountCents: integer('amount_cents').notNull(),
    points: integer('points').notNull(),
    earnedOn: date('earned_on', { mode: 'string' }).notNull(),
    payableOn: date('payable_on', { mode: 'string' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    unique('referral_rewards_referrer_event').on(t.referrerUserId, t.eventKey),
    index('referral_rewards_friend_idx').on(t.friendUserId),
    check('referral_rewards_amount_positive', sql`${t.amountCents} > 0 and ${t.points} >= 0`),
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
    amountCents: integer('amount_cents').notNull(),
    /** The ACH credit's trace id; null while the payout is `queued` (not originated yet). */
    traceId: text('trace_id'),
    idempotencyKey: text('idempotency_key').notNull().unique(),
    /** `queued` when released (the `referral.payout` job originates it), then the ACH credit's status. */
    status: text('status', { enum: ['queued', 'pending', 'settled', 'returned'] }).notNull(),
    releasedByStaffId: integer('released_by_staff_id')
      .notNull()
      .references(() => staffUsers.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('referral_payouts_user_idx').on(t.userId),
    check('referral_payouts_amount_positive', sql`${t.amountCents} > 0`),
    check('referral_payouts_trace_once_originated', sql`(${t.status} = 'queued') = (${t.traceId} is null)`),
  ],
);

/** Which rewards a payout paid: a reward is paid at most once (unique reward id). */
export const referralPayoutItems = pgTable('referral_payout_items', {
  id: serial('id').primaryKey(),
  payoutId: integer('payout_id')
    .notNull()
    .references(() => referralPayouts.id),
  rewardId: integer('reward_id')
    .notNull()
    .unique()
    .references(() => referralRewards.id),
});
