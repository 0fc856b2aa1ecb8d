import type { IsoDate } from '@payrail/domain/dates';
import { sumCents } from '@payrail/domain/money';
import { and, asc, desc, eq, inArray, isNotNull, isNull, lt, lte, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { applicationMembers, loanBorrowers, notifications, referralPayoutItems, referralPayouts, referralRewards, staffActions } from '../../db/schema/index';

export type RewardRow = typeof referralRewards.$inferSelect;
export type NewReward = Omit<typeof referralRewards.$inferInsert, 'id'>;
export type PayoutRow = typeof referralPayouts.$inferSelect;
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Namespace of the advisory locks that serialise one referrer's reward and payout writes. */
const REFERRAL_LOCK = 16_016;
const lockReferrer = (tx: Tx, referrerId: number) => tx.execute(sql`select pg_advisory_xact_lock(${REFERRAL_LOCK}, ${referrerId})`);

/** The item that pays a reward: the one whose payout was not returned (at most one, a partial unique index). */
const payingItem = and(eq(referralPayoutItems.rewardId, referralRewards.id), isNull(referralPayoutItems.returnedAt));

/** A payout's reward ids and the earlier payouts of those rewards that came back, in id order. */
async function payoutCreditOf(runner: Db | Tx, id: number): Promise<{ rewardIds: number[]; returnedPayoutIds: number[] }> {
  const items = await runner
    .select({ rewardId: referralPayoutItems.rewardId })
    .from(referralPayoutItems)
    .where(eq(referralPayoutItems.payoutId, id))
    .orderBy(asc(referralPayoutItems.rewardId));
  const rewardIds = items.map((i) => i.rewardId);
  if (rewardIds.length === 0) return { rewardIds, returnedPayoutIds: [] };
  // Earlier payouts of these rewards that came back: a new credit of the same rewards is a new entry.
  const returned = await runner
    .selectDistinct({ payoutId: referralPayoutItems.payoutId })
    .from(referralPayoutItems)
    .where(and(inArray(referralPayoutItems.rewardId, rewardIds), isNotNull(referralPayoutItems.returnedAt)))
    .orderBy(asc(referralPayoutItems.payoutId));
  return { rewardIds, returnedPayoutIds: returned.map((r) => r.payoutId) };
}

/** The referral rewards ledger (append-only) and its payouts. */
export function referralRepository(db: Db) {
  const rewardsOf = (runner: Db | Tx, userId: number) =>
    runner
      .select({ reward: referralRewards, payoutId: referralPayoutItems.payoutId })
      .from(referralRewards)
      .leftJoin(referralPayoutItems, payingItem)
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

    /**
     * The referrer's approved referral of `friendUserId` (its event key) and the payout paying it (null while
     * unpaid), read under the referrer's lock, and the staff action `staffAction(found)` written in the same
     * transaction (a payout released concurrently is either in it or after it). Answers the reward, or null
     * (then nothing is written).
     */
    recordRewardOfCanceledLoan: async (
      referrerId: number,
      eventKey: string,
      staffAction: (r: { reward: RewardRow; payout: PayoutRow | null }) => Omit<typeof staffActions.$inferInsert, 'id'>,
    ): Promise<{ reward: RewardRow; payout: PayoutRow | null } | null> =>
      db.transaction(async (tx) => {
        await lockReferrer(tx, referrerId);
        const found = (await rewardsOf(tx, referrerId)).find((r) => r.reward.eventKey === eventKey);
        if (!found) return null;
        const [payout] = found.payoutId === null ? [] : await tx.select().from(referralPayouts).where(eq(referralPayouts.id, found.payoutId));
        const r = { reward: found.reward, payout: payout ?? null };
        await tx.insert(staffActions).values(staffAction(r));
        return r;
      }),

    /** Members with rewards payable on `today` and not paid yet, with the sum (back-office payout queue). */
    payable: (today: IsoDate) =>
      db
        .select({
          userId: referralRewards.referrerUserId,
          email: applicationMembers.email,
          amountCents: sql<number>`cast(sum(${referralRewards.amountCents}) as integer)`,
          rewards: sql<number>`cast(count(*) as integer)`,
        })
        .from(referralRewards)
        .innerJoin(applicationMembers, eq(applicationMembers.id, referralRewards.referrerUserId))
        .leftJoin(referralPayoutItems, payingItem)
        .where(and(isNull(referralPayoutItems.id), lte(referralRewards.payableOn, today)))
        .groupBy(referralRewards.referrerUserId, applicationMembers.email)
        .orderBy(asc(referralRewards.referrerUserId)),

    payoutByKey: async (key: string) => {
      const [row] = await db.select().from(referralPayouts).where(eq(referralPayouts.idempotencyKey, key)).limit(1);
      return row;
    },

    payoutsOf: (userId: number) => db.select().from(referralPayouts).where(eq(referralPayouts.userId, userId)).orderBy(desc(referralPayouts.id)),

    payoutById: async (id: number) => {
      const [row] = await db.select().from(referralPayouts).where(eq(referralPayouts.id, id)).limit(1);
      return row;
    },

    /** The latest payouts, newest first, with the member's e-mail (the back office's "Released payouts"). */
    recentPayouts: (limit: number) =>
      db
        .select({ payout: referralPayouts, email: applicationMembers.email })
        .from(referralPayouts)
        .innerJoin(applicationMembers, eq(applicationMembers.id, referralPayouts.userId))
        .orderBy(desc(referralPayouts.id))
        .limit(limit),

    /** Payouts still `queued` that were released before `before` (the sweep's crash window), oldest first. */
    strandedPayouts: async (before: Date, limit: number): Promise<number[]> =>
      (
        await db
          .select({ id: referralPayouts.id })
          .from(referralPayouts)
          .where(and(eq(referralPayouts.status, 'queued'), lt(referralPayouts.createdAt, before)))
          .orderBy(asc(referralPayouts.id))
          .limit(limit)
      ).map((r) => r.id),

    /**
     * Releases the referrer's payable, unpaid rewards in ONE transaction under the referrer's lock: reads
     * them and writes a `queued` payout for their sum, its items (a reward is paid once: unique reward id)
     * and the staff action. No money moves here: the `referral.payout` job originates the ACH credit
     * ({@link originatePayout}). Answers null when nothing is payable.
     */
    queuePayout: async (p: {
      userId: number;
      today: IsoDate;
      idempotencyKey: string;
      staffUserId: number;
      at: Date;
    }): Promise<{ payout: PayoutRow; rewardIds: number[] } | null> =>
      db.transaction(async (tx) => {
        await lockReferrer(tx, p.userId);
        const open = (await rewardsOf(tx, p.userId)).filter((r) => r.payoutId === null && r.reward.payableOn <= p.today).map((r) => r.reward);
        if (open.length === 0) return null;
        const amountCents = sumCents(open.map((r) => r.amountCents));
        const [payout] = await tx
          .insert(referralPayouts)
          .values({
            userId: p.userId,
            amountCents,
            traceId: null,
            idempotencyKey: p.idempotencyKey,
            status: 'queued',
            releasedByStaffId: p.staffUserId,
            createdAt: p.at,
          })
          .returning();
        await tx.insert(referralPayoutItems).values(open.map((r) => ({ payoutId: payout!.id, rewardId: r.id })));
        await tx.insert(staffActions).values({
          staffUserId: p.staffUserId,
          action: 'release_referral_payout',
          targetUserId: p.userId,
          before: { unpaid_reward_ids: open.map((r) => r.id) },
          after: { payout_id: payout!.id, amount_cents: amountCents, status: 'queued' },
          at: p.at,
        });
        return { payout: payout!, rewardIds: open.map((r) => r.id) };
      }),

    /**
     * What a payout's credit is made of: its reward ids and the earlier payouts of those rewards that came
     * back (the originator's key is derived from both). Fixed once the payout is queued: every other payout
     * holding one of its rewards was returned before it was released.
     */
    payoutCredit: (id: number) => payoutCreditOf(db, id),

    /**
     * Originates a `queued` payout once: locks its row, lets `send` originate the ACH credit for its sum
     * (idempotent at the originator by a key of its rewards, under the trace number reserved for that key),
     * then records the trace id, the NACHA trace number, the receiving account and the status, and the
     * borrower's notification in the same transaction. A second attempt (the eager one and a job, two
     * instances) waits on the row lock and finds it originated: answers the row unchanged. A `send` that
     * throws rolls back; the payout stays `queued` for the job's retry.
     */
    originatePayout: async (
      id: number,
      send: (
        payout: PayoutRow,
        rewardIds: readonly number[],
        returnedPayoutIds: readonly number[],
      ) => Promise<{ traceId: string; status: 'pending'; achTraceNumber: string; bankAccountId: number }>,
      notification: (amountCents: number) => string,
      at: Date,
    ): Promise<PayoutRow | null> =>
      db.transaction(async (tx) => {
        const [row] = await tx.select().from(referralPayouts).where(eq(referralPayouts.id, id)).for('update');
        if (!row || row.status !== 'queued') return row ?? null;
        const credit = await payoutCreditOf(tx, id);
        const ach = await send(row, credit.rewardIds, credit.returnedPayoutIds);
        const [done] = await tx
          .update(referralPayouts)
          .set({ traceId: ach.traceId, status: ach.status, achTraceNumber: ach.achTraceNumber, bankAccountId: ach.bankAccountId })
          .where(eq(referralPayouts.id, id))
          .returning();
        await tx.insert(notifications).values({ userId: row.userId, message: notification(row.amountCents), createdAt: at, updatedAt: at });
        return done!;
      }),

    /** The member's newest payout whose credit was originated (not `queued`), if any. */
    lastOriginatedPayout: async (userId: number): Promise<PayoutRow | undefined> => {
      const [row] = await db
        .select()
        .from(referralPayouts)
        .where(and(eq(referralPayouts.userId, userId), ne(referralPayouts.status, 'queued')))
        .orderBy(desc(referralPayouts.id))
        .limit(1);
      return row;
    },

    /**
     * The bank's return of a payout's credit (a 21/31 entry of the return file quoting its NACHA trace
     * number), once: locks the payout row and moves it to `returned` with the return code only from
     * `pending` or `settled` (a credit can come back after it looked settled; `settled_at` is kept). Its
     * items are marked returned (their rewards payable again) and the member's notification is written in
     * the same transaction. A payout already returned is a duplicate (a status read that returned it with
     * no code gets the file's code, nothing else). Answers null when no payout has this trace number; an
     * applied return answers the member's e-mail address (for the e-mail sent after the commit).
     */
    returnPayoutByTrace: async (
      traceNumber: string,
      entry: { code: string; amountCents: number },
      returnNotice: (payout: PayoutRow) => string,
      at: Date,
    ): Promise<
      | { kind: 'applied'; payout: PayoutRow; email: string | null }
      | { kind: 'duplicate'; payout: PayoutRow }
      | { kind: 'amount_differs'; payout: PayoutRow }
      | { kind: 'not_sent'; payout: PayoutRow }
      | null
    > =>
      db.transaction(async (tx) => {
        const [row] = await tx.select().from(referralPayouts).where(eq(referralPayouts.achTraceNumber, traceNumber)).for('update');
        if (!row) return null;
        if (row.status === 'returned') {
          if (row.returnCode !== null) return { kind: 'duplicate' as const, payout: row };
          const [coded] = await tx.update(referralPayouts).set({ returnCode: entry.code }).where(eq(referralPayouts.id, row.id)).returning();
          return { kind: 'duplicate' as const, payout: coded! };
        }
        if (row.status === 'queued') return { kind: 'not_sent' as const, payout: row };
        if (row.amountCents !== entry.amountCents) return { kind: 'amount_differs' as const, payout: row };
        const [done] = await tx
          .update(referralPayouts)
          .set({ status: 'returned', returnedAt: at, returnCode: entry.code })
          .where(eq(referralPayouts.id, row.id))
          .returning();
        await tx.update(referralPayoutItems).set({ returnedAt: at }).where(eq(referralPayoutItems.payoutId, row.id));
        await tx.insert(notifications).values({ userId: row.userId, message: returnNotice(done!), createdAt: at, updatedAt: at });
        const [member] = await tx.select({ email: applicationMembers.email }).from(applicationMembers).where(eq(applicationMembers.id, row.userId));
        return { kind: 'applied' as const, payout: done!, email: member?.email ?? null };
      }),

    /** Payouts whose credit was originated and is not settled or returned yet, oldest first (the status reads). */
    pendingPayouts: (limit: number): Promise<Pick<PayoutRow, 'id' | 'traceId'>[]> =>
      db
        .select({ id: referralPayouts.id, traceId: referralPayouts.traceId })
        .from(referralPayouts)
        .where(eq(referralPayouts.status, 'pending'))
        .orderBy(asc(referralPayouts.id))
        .limit(limit),

    /**
     * Records what became of a `pending` payout's credit, once: locks the row and moves it only if it is
     * still `pending` (a concurrent read that moved it first makes this one answer null, writing nothing).
     * A return marks the payout's items returned — their rewards are payable again, by a later payout —
     * and writes the member's notification, in the same transaction.
     */
    closePayout: async (
      id: number,
      outcome: { status: 'settled' } | { status: 'returned'; code: string | null },
      returnNotice: (payout: PayoutRow) => string,
      at: Date,
    ): Promise<PayoutRow | null> =>
      db.transaction(async (tx) => {
        const [row] = await tx.select().from(referralPayouts).where(eq(referralPayouts.id, id)).for('update');
        if (!row || row.status !== 'pending') return null;
        if (outcome.status === 'settled') {
          const [done] = await tx.update(referralPayouts).set({ status: 'settled', settledAt: at }).where(eq(referralPayouts.id, id)).returning();
          return done!;
        }
        const [done] = await tx
          .update(referralPayouts)
          .set({ status: 'returned', returnedAt: at, returnCode: outcome.code })
          .where(eq(referralPayouts.id, id))
          .returning();
        await tx.update(referralPayoutItems).set({ returnedAt: at }).where(eq(referralPayoutItems.payoutId, id));
        await tx.insert(notifications).values({ userId: row.userId, message: returnNotice(done!), createdAt: at, updatedAt: at });
        return done!;
      }),
  };
}
export type ReferralRepository = ReturnType<typeof referralRepository>;
