import { and, asc, desc, eq, gte, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { adverseActionNotices, employers, loanBorrowers, newflowApplications } from '../../db/schema/index';
import { applyStatusMove, type StatusMove } from '../workflow/repository';

export type NewflowRow = typeof newflowApplications.$inferSelect;
export type AdverseActionNoticeRow = typeof adverseActionNotices.$inferSelect;
export type NewflowPatch = Partial<Omit<typeof newflowApplications.$inferInsert, 'id' | 'userId' | 'createdAt'>>;
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

async function upsert(tx: Db | Tx, userId: number, patch: NewflowPatch, at: Date): Promise<void> {
  await tx
    .insert(newflowApplications)
    .values({ ...patch, userId, createdAt: at, updatedAt: at })
    .onConflictDoUpdate({ target: newflowApplications.userId, set: { ...patch, updatedAt: at } });
}

/** The new-flow record of a member, and the rate-check claim rows. */
export function newflowRepository(db: Db) {
  const one = async <T>(rows: Promise<T[]>): Promise<T | undefined> => (await rows)[0];
  return {
    find: (userId: number) => one(db.select().from(newflowApplications).where(eq(newflowApplications.userId, userId)).limit(1)),
    save: (userId: number, patch: NewflowPatch, at: Date) => upsert(db, userId, patch, at),
    /**
     * Saves `patch` and applies `move` in one transaction; false (nothing written) when the member is no
     * longer in `move.from`.
     */
    saveAndMove: (userId: number, patch: NewflowPatch, move: StatusMove | null): Promise<boolean> =>
      db.transaction(async (tx) => {
        if (move && !(await applyStatusMove(tx, move))) return false;
        if (Object.keys(patch).length > 0) await upsert(tx, userId, patch, move?.at ?? new Date());
        return true;
      }),
    /**
     * Opens the member's one rate-check job: sets `pending` only when no job was opened yet (or the last
     * one failed more than a minute ago), so any number of concurrent polls opens exactly one. True when
     * this call opened it.
     */
    openRateCheck: async (userId: number, at: Date): Promise<boolean> => {
      await db.insert(newflowApplications).values({ userId, createdAt: at, updatedAt: at }).onConflictDoNothing({ target: newflowApplications.userId });
      const opened = await db
        .update(newflowApplications)
        .set({ rateCheckState: 'pending', rateCheckAttempts: 0, rateCheckRequestedAt: at, updatedAt: at })
        // A job that failed its attempts (the bureau was down) opens again a minute later.
        .where(
          and(
            eq(newflowApplications.userId, userId),
            or(
              isNull(newflowApplications.rateCheckState),
              and(eq(newflowApplications.rateCheckState, 'failed'), lt(newflowApplications.updatedAt, new Date(at.getTime() - 60_000))),
            ),
          ),
        )
        .returning({ id: newflowApplications.id });
      return opened.length > 0;
    },
    /**
     * Claims ONE rate-check job (pending, or running but abandoned since `staleBefore`), optionally a given
     * member's: an atomic UPDATE of the row picked FOR UPDATE SKIP LOCKED marks it running, so concurrent
     * callers (polls, timers, instances) never take the same job. The work runs outside any transaction.
     */
    claimRateCheck: async (opts: { userId?: number; at: Date; staleBefore: Date }): Promise<NewflowRow | undefined> => {
      const open = or(
        eq(newflowApplications.rateCheckState, 'pending'),
        and(eq(newflowApplications.rateCheckState, 'running'), lt(newflowApplications.rateCheckClaimedAt, opts.staleBefore)),
      );
      const where = opts.userId === undefined ? open : and(open, eq(newflowApplications.userId, opts.userId));
      return db.transaction(async (tx) => {
        const [row] = await tx
          .select({ id: newflowApplications.id })
          .from(newflowApplications)
          .where(where)
          .orderBy(asc(newflowApplications.id))
          .limit(1)
          .for('update', { skipLocked: true });
        if (!row) return undefined;
        const [claimed] = await tx
          .update(newflowApplications)
          .set({ rateCheckState: 'running', rateCheckClaimedAt: opts.at, updatedAt: opts.at })
          .where(eq(newflowApplications.id, row.id))
          .returning();
        return claimed;
      });
    },
    /** Records a claimed job's result and applies its move, in one transaction (only while still running). */
    finishRateCheck: (id: number, attempts: number, patch: NewflowPatch, move: StatusMove | null, at: Date): Promise<boolean> =>
      db.transaction(async (tx) => {
        const [row] = await tx
          .update(newflowApplications)
          .set({ ...patch, rateCheckState: 'done', rateCheckAttempts: attempts, rateCheckDoneAt: at, updatedAt: at })
          .where(and(eq(newflowApplications.id, id), eq(newflowApplications.rateCheckState, 'running')))
          .returning({ id: newflowApplications.id });
        if (!row) return false;
        // A member who left rate_check meanwhile (dropped, canceled) keeps the result but does not move.
        if (move) await applyStatusMove(tx, move);
        return true;
      }),
    /** A failed attempt: back to pending, or failed after `maxAttempts`. */
    failRateCheck: async (id: number, attempts: number, maxAttempts: number, error: string, at: Date): Promise<void> => {
      await db
        .update(newflowApplications)
        .set({
          rateCheckAttempts: attempts,
          rateCheckState: attempts >= maxAttempts ? 'failed' : 'pending',
          rateCheckError: error.slice(0, 500),
          updatedAt: at,
        })
        .where(eq(newflowApplications.id, id));
    },
    /** The friend's referral code given at password_creation. */
    setReferredBy: async (userId: number, code: string, at: Date): Promise<void> => {
      await db.update(loanBorrowers).set({ referredBy: code, updatedAt: at }).where(eq(loanBorrowers.userId, userId));
    },
    /** The seeded "not on the list" employer (job_info's other_employer_id). */
    otherEmployer: () => one(db.select({ id: employers.id }).from(employers).where(eq(employers.slug, 'other')).limit(1)),
    /** Records an adverse-action notice (counteroffer-notice.ts) as the applicant reads it. */
    recordNotice: async (n: Omit<typeof adverseActionNotices.$inferInsert, 'id' | 'emailedAt'>): Promise<AdverseActionNoticeRow> => {
      const [row] = await db.insert(adverseActionNotices).values(n).returning();
      return row!;
    },
    markNoticeEmailed: async (id: number, at: Date): Promise<void> => {
      await db.update(adverseActionNotices).set({ emailedAt: at }).where(eq(adverseActionNotices.id, id));
    },
    /** The member's latest notice of a kind recorded at or after `since` (the current rate check's). */
    latestNotice: (userId: number, kind: 'counteroffer', since: Date) =>
      one(
        db
          .select()
          .from(adverseActionNotices)
          .where(and(eq(adverseActionNotices.userId, userId), eq(adverseActionNotices.kind, kind), gte(adverseActionNotices.createdAt, since)))
          .orderBy(desc(adverseActionNotices.id))
          .limit(1),
      ),
    pendingRateChecks: async (): Promise<number> => {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(newflowApplications)
        .where(eq(newflowApplications.rateCheckState, 'pending'));
      return row?.n ?? 0;
    },
  };
}
export type NewflowRepository = ReturnType<typeof newflowRepository>;
