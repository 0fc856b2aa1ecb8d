import { and, asc, desc, eq, isNull, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { applicationMembers, loanBorrowers, notifications, referralPayoutItems, referralPayouts, referralRewards, staffActions } from '../../db/schema/index';

export type RewardRow = typeof referralRewards.$inferSelect;
export type NewReward = Omit<typeof referralRewards.$inferInsert, 'id'>;
export type PayoutRow = typeof referralPayouts.$inferSelect;
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Namespace of the advisory locks that serialise one referrer's reward and payout writes. */
const REFERRAL_LOCK = 16_016;
const lockReferrer = (tx: Tx, referrerId: number) => tx.execute(sql`select pg_advisory_xact_lock(${REFERRAL_LOCK}, ${referrerId})`);

/** The referral rewards ledger (append-only) and its payouts. */
export function referralRepository(db: Db) {
  const rewardsOf = (runner: Db | Tx, userId: number) =>
    runner
      .select({ reward: referralRewards, payoutId: referralPayoutItems.payoutId })
      .from(referralRewards)
      .leftJoin(referralPayoutItems, eq(referralPayoutItems.rewardId, referralRewards.id))
      .where(eq(referralRewards.referrerUserId, userId))
      .orderBy(asc(referralRewards.id));

  return {
    /** The member who referred `friendUserId` (by the refer code the friend gave), if any. */
    referrerOf: async (friendUserId: number): Promise<number | null> => {
      const [friend] = await db.select({ referredBy: loanBorrowers.referredBy }).from(loanBorrowers).where(eq(loanBorrowers.userId, friendUserId)).limit(1);
      if (!friend?.referredBy) return null;
      const [referrer] = await db.select({ userId: loanBorrowers.userId }).from(loanBorrowers).where(eq(loanBorrowers.referCode, friend.referredBy)).limit(1);
      return referrer && referrer.userId !== friendUserId ? referrer.userId : null;
    },

    /** Members referred by `code`, with their e-mail (for the referral page: friends count). */
    friendsOf: (code: string) =>
      db
        .select({ userId: loanBorrowers.userId, firstName: loanBorrowers.firstName, email: applicationMembers.email })
        .from(loanBorrowers)
        .innerJoin(applicationMembers, eq(applicationMembers.id, loanBorrowers.userId))
        .where(eq(loanBorrowers.referredBy, code)),

    /** Links a member to the friend who referred them, once (never overwrites an earlier referrer). */
    linkReferrer: async (userId: number, code: string): Promise<boolean> => {
      const rows = await db
        .update(loanBorrowers)
        .set({ referredBy: code })
        .where(and(eq(loanBorrowers.userId, userId), isNull(loanBorrowers.referredBy)))
        .returning({ id: loanBorrowers.id });
      return rows.length > 0;
    },

    /** The referrer's rewards, oldest first, each with the payout that paid it (null while unpaid). */
    rewardsOf: (userId: number) => rewardsOf(db, userId),

    /**
     * Records rewards of one referrer, idempotently (unique referrer + event key), then the bonuses the
     * approved count now reaches (`bonusesFor(approvedCount)`), all under the referrer's advisory lock so
     * two concurrent approvals cannot both miss the 3rd-referral bonus. The notification of each new
     * reward is written in the same transaction. Answers the rows inserted now.
     */
    record: async (
      referrerId: number,
      entries: readonly NewReward[],
      bonusesFor: (approvedCount: number) => readonly NewReward[],
      notify: (inserted: readonly RewardRow[], before: readonly RewardRow[], after: readonly RewardRow[]) => string[],
      at: Date,
    ): Promise<RewardRow[]> =>
      db.transaction(async (tx) => {
        await lockReferrer(tx, referrerId);
        const before = (await rewardsOf(tx, referrerId)).map((r) => r.reward);
        const inserted: RewardRow[] = [];
        for (const e of entries) inserted.push(...(await tx.insert(referralRewards).values(e).onConflictDoNothing().returning()));
        const approved = before.filter((r) => r.kind === 'referral_approved').length + inserted.filter((r) => r.kind === 'referral_approved').length;
        for (const b of bonusesFor(approved)) inserted.push(...(await tx.insert(referralRewards).values(b).onConflictDoNothing().returning()));
        const messages = notify(inserted, before, [...before, ...inserted]);
        if (messages.length > 0)
          await tx.insert(notifications).values(messages.map((message) => ({ userId: referrerId, message, createdAt: at, updatedAt: at })));
        return inserted;
      }),

    /** Members with rewards payable on `today` and not paid yet, with the sum (back-office payout queue). */
    payable: (today: string) =>
      db
        .select({
          userId: referralRewards.referrerUserId,
          email: applicationMembers.email,
          amountCents: sql<number>`cast(sum(${referralRewards.amountCents}) as integer)`,
          rewards: sql<number>`cast(count(*) as integer)`,
        })
        .from(referralRewards)
        .innerJoin(applicationMembers, eq(applicationMembers.id, referralRewards.referrerUserId))
        .leftJoin(referralPayoutItems, eq(referralPayoutItems.rewardId, referralRewards.id))
        .where(and(isNull(referralPayoutItems.id), lte(referralRewards.payableOn, today)))
        .groupBy(referralRewards.referrerUserId, applicationMembers.email)
        .orderBy(asc(referralRewards.referrerUserId)),

    payoutByKey: async (key: string) => {
      const [row] = await db.select().from(referralPayouts).where(eq(referralPayouts.idempotencyKey, key)).limit(1);
      return row;
    },

    payoutsOf: (userId: number) => db.select().from(referralPayouts).where(eq(referralPayouts.userId, userId)).orderBy(desc(referralPayouts.id)),

    /**
     * Pays the referrer's payable, unpaid rewards in ONE transaction under the referrer's lock: reads
     * them, lets `send` originate the ACH credit for their sum (idempotent at the originator), writes the
     * payout, its items (a reward is paid once: unique reward id), the notification and the staff action.
     * Answers null when nothing is payable.
     */
    releasePayout: async (p: {
      userId: number;
      today: string;
      idempotencyKey: string;
      staffUserId: number;
      at: Date;
      send: (amountCents: number, rewardIds: readonly number[]) => Promise<{ traceId: string; status: 'pending' | 'settled' | 'returned' }>;
      notification: (amountCents: number) => string;
    }): Promise<{ payout: PayoutRow; rewardIds: number[] } | null> =>
      db.transaction(async (tx) => {
        await lockReferrer(tx, p.userId);
        const open = (await rewardsOf(tx, p.userId)).filter((r) => r.payoutId === null && r.reward.payableOn <= p.today).map((r) => r.reward);
        if (open.length === 0) return null;
        const amountCents = open.reduce((s, r) => s + r.amountCents, 0);
        const ach = await p.send(
          amountCents,
          open.map((r) => r.id),
        );
        const [payout] = await tx
          .insert(referralPayouts)
          .values({
            userId: p.userId,
            amountCents,
            traceId: ach.traceId,
            idempotencyKey: p.idempotencyKey,
            status: ach.status,
            releasedByStaffId: p.staffUserId,
            createdAt: p.at,
          })
          .returning();
        await tx.insert(referralPayoutItems).values(open.map((r) => ({ payoutId: payout!.id, rewardId: r.id })));
        await tx.insert(notifications).values({ userId: p.userId, message: p.notification(amountCents), createdAt: p.at, updatedAt: p.at });
        await tx.insert(staffActions).values({
          staffUserId: p.staffUserId,
          action: 'release_referral_payout',
          targetUserId: p.userId,
          before: { unpaid_reward_ids: open.map((r) => r.id) },
          after: { payout_id: payout!.id, amount_cents: amountCents, trace_id: ach.traceId },
          at: p.at,
        });
        return { payout: payout!, rewardIds: open.map((r) => r.id) };
      }),
  };
}
export type ReferralRepository = ReturnType<typeof referralRepository>;
