import type { IsoDate } from '@payrail/domain/dates';
import { sumCents } from '@payrail/domain/money';
import type { Cents } from '@payrail/domain/money';
import { and, asc, desc, eq, gt, inArray, isNotNull, isNull, lt, lte, ne, sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import {
  applicationMembers,
  disbursements,
  loanBorrowers,
  loans,
  notifications,
  referralPayoutItems,
  referralPayouts,
  referralRewardVoids,
  referralRewards,
  staffActions,
} from '../../db/schema/index';

export type RewardRow = typeof referralRewards.$inferSelect;
export type NewReward = Omit<typeof referralRewards.$inferInsert, 'id'>;
export type PayoutRow = typeof referralPayouts.$inferSelect;
export type RewardVoidRow = typeof referralRewardVoids.$inferSelect;
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** A database handle or an open transaction (a hook called inside another module's transaction gets the latter). */
export type ReferralRunner = Db | Tx;

/** Namespace of the advisory locks that serialise one referrer's reward and payout writes. */
const REFERRAL_LOCK = 16_016;
const lockReferrer = (tx: Db | Tx, referrerId: number) => tx.execute(sql`select pg_advisory_xact_lock(${REFERRAL_LOCK}, ${referrerId})`);

/** The item that pays a reward: the one whose payout was not returned (at most one, a partial unique index). */
const payingItem = and(eq(referralPayoutItems.rewardId, referralRewards.id), isNull(referralPayoutItems.returnedAt));

/** The void of a reward, if any (a reward has at most one: unique reward id). */
const voidOfReward = eq(referralRewardVoids.rewardId, referralRewards.id);

/**
 * The loan book's trace id of a credit written with its loan and not sent yet (loan-book/repository.ts
 * `UNSENT_TRACE_ID`; a module does not import another's repository).
 */
const UNSENT_TRACE = 'unsent';

/**
 * Whether member `friend` has a first loan (not a refinance) whose credit was sent and that was not canceled
 * since: sent and not `canceled`, and not closed with its latest credit returned or canceled (cancel_undelivered,
 * cancel_unsent). What earns an approved referral; read under the referrer's lock, so it agrees with a cancel
 * that voids the reward under the same lock. A cancel asks it of the member's other loans (`exceptLoanId`):
 * it takes that lock before it writes anything, so a recording that holds the lock and waits for a version
 * row the cancel's writes would lock (kept answers, migration 0042) never waits on the cancel.
 */
const fundedFirstLoan = (friend: SQL | AnyPgColumn | number, exceptLoanId: number | null = null) =>
  sql<boolean>`exists (select 1 from ${loans} where ${loans.userId} = ${friend} and ${loans.refinancesLoanId} is null and ${loans.id} <> ${exceptLoanId ?? 0}
    and exists (select 1 from ${disbursements} where ${disbursements.loanId} = ${loans.id} and ${disbursements.traceId} <> ${UNSENT_TRACE} and ${disbursements.status} <> 'canceled')
    and not (${loans.status} = 'closed_paid' and coalesce((select ${disbursements.status} from ${disbursements} where ${disbursements.loanId} = ${loans.id} order by ${disbursements.id} desc limit 1) in ('returned', 'canceled'), false)))`;

/**
 * {@link fundedFirstLoan} of member `friend`, asked in a WHERE clause: drizzle writes the columns of a
 * single-table select's fields without their table, so as a field its correlated subqueries compared each
 * disbursement's loan id with its own id and judged the loan by another loan's newest credit.
 */
async function hasFundedFirstLoan(runner: Db | Tx, friend: number, exceptLoanId: number | null = null): Promise<boolean> {
  const rows = await runner
    .select({ userId: loanBorrowers.userId })
    .from(loanBorrowers)
    .where(and(eq(loanBorrowers.userId, friend), fundedFirstLoan(friend, exceptLoanId)))
    .limit(1);
  return rows.length === 1;
}

/** The event a reward's key records: a reward earned again after a void is keyed `<event>#<n>`. */
const eventOf = (eventKey: string) => eventKey.split('#')[0]!;

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
  /** Every reward of the referrer, voided ones included, with the payout paying it and its void (null when none). */
  const rewardsOf = (runner: Db | Tx, userId: number) =>
    runner
      .select({ reward: referralRewards, payoutId: referralPayoutItems.payoutId, voidedAt: referralRewardVoids.createdAt })
      .from(referralRewards)
      .leftJoin(referralPayoutItems, payingItem)
      .leftJoin(referralRewardVoids, voidOfReward)
      .where(eq(referralRewards.referrerUserId, userId))
      .orderBy(asc(referralRewards.id));
  type RewardOf = Awaited<ReturnType<typeof rewardsOf>>[number];
  const standing = (rows: readonly RewardOf[]) => rows.filter((r) => r.voidedAt === null).map((r) => r.reward);

  const referrerOf = async (runner: Db | Tx, friendUserId: number): Promise<number | null> => {
    const [friend] = await runner.select({ referredBy: loanBorrowers.referredBy }).from(loanBorrowers).where(eq(loanBorrowers.userId, friendUserId)).limit(1);
    if (!friend?.referredBy) return null;
    const [referrer] = await runner.select({ userId: loanBorrowers.userId }).from(loanBorrowers).where(eq(loanBorrowers.referCode, friend.referredBy)).limit(1);
    return referrer && referrer.userId !== friendUserId ? referrer.userId : null;
  };

  return {
    /** The member who referred `friendUserId` (by the refer code the friend gave), if any. */
    referrerOf: (friendUserId: number, runner: Db | Tx = db) => referrerOf(runner, friendUserId),

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

    /** The referrer's rewards, oldest first, each with the payout that paid it (null while unpaid) and when it was voided (null: it stands). */
    rewardsOf: (userId: number) => rewardsOf(db, userId),

    /**
     * Records rewards of one referrer, idempotently, then the bonuses the standing approved count now reaches
     * (`bonusesFor(approvedCount)`), all under the referrer's advisory lock so two concurrent approvals cannot
     * both miss the 3rd-referral bonus. An event is recorded once while a reward of it stands (unique referrer
     * + event key; a retry, two instances, two daily runs write one row). An event whose reward was voided
     * (its loan canceled) is recorded again when it is earned again — the friend's next loan is funded, the
     * 3rd approval is reached again — keyed `<event>#<n>`, and pays nothing when the voided reward had been
     * paid (the referrer kept that money). With `fundedFriend`, nothing is recorded unless that friend has a
     * funded first loan that was not canceled, read under the lock: a reward recorded after the loan's cancel
     * committed would stand for a canceled loan. The notification of each new reward is written in the same
     * transaction. Answers the rows inserted now.
     */
    record: async (
      referrerId: number,
      entries: readonly NewReward[],
      bonusesFor: (approvedCount: number) => readonly NewReward[],
      notify: (inserted: readonly RewardRow[], before: readonly RewardRow[], after: readonly RewardRow[]) => string[],
      at: Date,
      opts: { fundedFriend?: number } = {},
    ): Promise<RewardRow[]> =>
      db.transaction(async (tx) => {
        await lockReferrer(tx, referrerId);
        if (opts.fundedFriend !== undefined && !(await hasFundedFirstLoan(tx, opts.fundedFriend))) return [];
        const all = await rewardsOf(tx, referrerId);
        const before = standing(all);
        const inserted: RewardRow[] = [];
        const recordOnce = async (e: NewReward) => {
          const same = [
            ...all.map((r) => ({ key: r.reward.eventKey, standing: r.voidedAt === null, paid: r.payoutId !== null })),
            ...inserted.map((r) => ({ key: r.eventKey, standing: true, paid: false })),
          ].filter((r) => eventOf(r.key) === e.eventKey);
          if (same.some((r) => r.standing)) return;
          // Earned again after every earlier reward of the event was voided: a new row, paying nothing more
          // when one of them was paid and its money stayed with the referrer (a payout not returned).
          const row =
            same.length === 0
              ? e
              : { ...e, eventKey: `${e.eventKey}#${String(same.length + 1)}`, amountCents: same.some((r) => r.paid) ? (0 as Cents) : e.amountCents };
          inserted.push(...(await tx.insert(referralRewards).values(row).onConflictDoNothing().returning()));
        };
        for (const e of entries) await recordOnce(e);
        const approved = [...before, ...inserted].filter((r) => r.kind === 'referral_approved').length;
        for (const b of bonusesFor(approved)) await recordOnce(b);
        const messages = notify(inserted, before, [...before, ...inserted]);
        if (messages.length > 0)
          await tx.insert(notifications).values(messages.map((message) => ({ userId: referrerId, message, createdAt: at, updatedAt: at })));
        return inserted;
      }),

    /**
     * Members referred by someone whose first loan's credit was sent and not canceled, and whose referrer holds
     * no standing approved reward of them, funded since `since` (at most `limit`): the approvals a failed `firstLoanFunded` left
     * unrecorded, which the daily run records again (`record` with `fundedFriend`, idempotent).
     */
    approvalsMissing: async (since: Date, limit: number): Promise<number[]> =>
      (
        await db
          .select({ userId: loanBorrowers.userId })
          .from(loanBorrowers)
          .where(
            and(
              isNotNull(loanBorrowers.referredBy),
              // A code that names no one else earns nothing (`referrerOf`): never listed, so it cannot crowd the others out.
              sql`exists (select 1 from ${loanBorrowers} as referrer where referrer.refer_code = ${loanBorrowers.referredBy} and referrer.user_id <> ${loanBorrowers.userId})`,
              fundedFirstLoan(loanBorrowers.userId),
              // Only loans funded lately: a member funded long before (data older than the referral program) is
              // not paid now by surprise; a failed recording is retried by the next day's run.
              sql`exists (select 1 from ${loans} join ${disbursements} on ${disbursements.loanId} = ${loans.id}
                where ${loans.userId} = ${loanBorrowers.userId} and ${loans.refinancesLoanId} is null and ${disbursements.createdAt} >= ${since})`,
              sql`not exists (select 1 from ${referralRewards} left join ${referralRewardVoids} on ${voidOfReward}
                where ${referralRewards.friendUserId} = ${loanBorrowers.userId} and ${referralRewards.kind} = 'referral_approved' and ${referralRewardVoids.id} is null)`,
            ),
          )
          .orderBy(asc(loanBorrowers.userId))
          .limit(limit)
      ).map((r) => r.userId),

    /**
     * A referred member's first loan `loanId` is being canceled before they had its money, in the cancel's
     * transaction (`runner`, holding the loan's lock, before the cancel's own writes: a cancel that then fails
     * rolls the void back with it): under the referrer's lock, unless
     * another first loan of the member was funded and stands (it earned the referral), the referrer's standing
     * approved reward of this friend is voided, and with it each standing bonus whose nth approval the void
     * takes away. A reward a payout already paid (not returned) is voided too, with that payout named: the
     * referrer keeps its money. `staffAction(voided)` is written in the same transaction when there is one.
     * Answers the voids written (none when nothing stood).
     */
    voidRewardsOfCanceledLoan: async (
      runner: Db | Tx,
      c: { referrerId: number; friendUserId: number; loanId: number; reason: string; staffUserId: number | null; at: Date },
      staffAction: (voided: readonly { reward: RewardRow; void: RewardVoidRow }[]) => Omit<typeof staffActions.$inferInsert, 'id'> | null,
    ): Promise<{ reward: RewardRow; void: RewardVoidRow }[]> => {
      await lockReferrer(runner, c.referrerId);
      if (await hasFundedFirstLoan(runner, c.friendUserId, c.loanId)) return [];
      const live = (await rewardsOf(runner, c.referrerId)).filter((r) => r.voidedAt === null);
      const approval = live.find((r) => r.reward.kind === 'referral_approved' && r.reward.friendUserId === c.friendUserId);
      if (!approval) return [];
      const remaining = live.filter((r) => r.reward.kind === 'referral_approved').length - 1;
      const bonuses = live.filter((r) => r.reward.kind === 'bonus' && Number(eventOf(r.reward.eventKey).slice('bonus:'.length)) > remaining);
      const out: { reward: RewardRow; void: RewardVoidRow }[] = [];
      for (const r of [approval, ...bonuses]) {
        const [row] = await runner
          .insert(referralRewardVoids)
          .values({
            rewardId: r.reward.id,
            referrerUserId: c.referrerId,
            loanId: c.loanId,
            reason: r === approval ? c.reason : `The approved referral that reached this bonus was voided. ${c.reason}`,
            staffUserId: c.staffUserId,
            paidPayoutId: r.payoutId,
            createdAt: c.at,
          })
          .returning();
        out.push({ reward: r.reward, void: row! });
      }
      const action = staffAction(out);
      if (action) await runner.insert(staffActions).values(action);
      return out;
    },

    /** Members with rewards payable on `today`, not paid yet and not voided, with the sum (back-office payout queue). */
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
        .leftJoin(referralRewardVoids, voidOfReward)
        .where(
          and(
            isNull(referralPayoutItems.id),
            isNull(referralRewardVoids.id),
            gt(referralRewards.amountCents, 0 as Cents),
            lte(referralRewards.payableOn, today),
          ),
        )
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

    /**
     * The latest payouts, newest first, with the member's e-mail (the back office's "Released payouts") and the
     * sum of their rewards voided after the payout paid them (the member keeps that money).
     */
    recentPayouts: (limit: number) =>
      db
        .select({
          payout: referralPayouts,
          email: applicationMembers.email,
          voidedCents: sql<number>`cast((select coalesce(sum(${referralRewards.amountCents}), 0) from ${referralRewardVoids} join ${referralRewards} on ${voidOfReward}
            where ${referralRewardVoids.paidPayoutId} = ${referralPayouts.id}) as integer)`,
        })
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
        // A voided reward is never paid (read under the lock a cancel voids under); one of nothing is nothing to pay.
        const open = (await rewardsOf(tx, p.userId))
          .filter((r) => r.payoutId === null && r.voidedAt === null && r.reward.amountCents > 0 && r.reward.payableOn <= p.today)
          .map((r) => r.reward);
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
