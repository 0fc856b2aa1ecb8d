import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { employers, loanBorrowers, newflowApplications } from '../../db/schema/index';
import { applyStatusMove, type StatusMove } from '../workflow/repository';

export type NewflowRow = typeof newflowApplications.$inferSelect;
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
     * Opens the member's one rate-check job: sets `pending` only when no job was ever opened, so any
     * number of concurrent polls opens exactly one. True when this call opened it.
     */
    openRateCheck: async (userId: number, at: Date): Promise<boolean> => {
      await upsert(db, userId, {}, at);
      const opened = await db
        .update(newflowApplications)
        .set({ rateCheckState: 'pending', rateCheckRequestedAt: at, updatedAt: at })
        .where(and(eq(newflowApplications.userId, userId), isNull(newflowApplications.rateCheckState)))
        .returning({ id: newflowApplications.id });
      return opened.length > 0;
    },
    /**
     * Claims ONE pending rate-check job (FOR UPDATE SKIP LOCKED, optionally a given member's) and runs
     * `work` in the same transaction: its result patch and status move are written with the claim marked
     * done, all or nothing. A throwing `work` rolls back and records the attempt (failed after
     * `maxAttempts`). 'none' when nothing was pending.
     */
    withNextRateCheck: async (
      work: (row: NewflowRow) => Promise<{ patch: NewflowPatch; move: StatusMove | null }>,
      opts: { userId?: number; maxAttempts?: number; at: () => Date },
    ): Promise<'none' | 'done' | 'failed'> => {
      let claimed: NewflowRow | undefined;
      try {
        return await db.transaction(async (tx) => {
          const where = opts.userId === undefined ? eq(newflowApplications.rateCheckState, 'pending') : and(eq(newflowApplications.rateCheckState, 'pending'), eq(newflowApplications.userId, opts.userId));
          const [row] = await tx.select().from(newflowApplications).where(where).orderBy(asc(newflowApplications.id)).limit(1).for('update', { skipLocked: true });
          if (!row) return 'none' as const;
          claimed = row;
          const { patch, move } = await work(row);
          // A member who left rate_check meanwhile (dropped, canceled) keeps the result but does not move.
          if (move) await applyStatusMove(tx, move);
          const at = opts.at();
          await tx
            .update(newflowApplications)
            .set({ ...patch, rateCheckState: 'done', rateCheckAttempts: row.rateCheckAttempts + 1, rateCheckDoneAt: at, updatedAt: at })
            .where(eq(newflowApplications.id, row.id));
          return 'done' as const;
        });
      } catch (err) {
        if (!claimed) throw err;
        const attempts = claimed.rateCheckAttempts + 1;
        await db
          .update(newflowApplications)
          .set({ rateCheckAttempts: attempts, rateCheckState: attempts >= (opts.maxAttempts ?? 3) ? 'failed' : 'pending', rateCheckError: String((err as Error).message ?? err).slice(0, 500) })
          .where(eq(newflowApplications.id, claimed.id));
        return 'failed';
      }
    },
    /** The friend's referral code given at password_creation. */
    setReferredBy: async (userId: number, code: string, at: Date): Promise<void> => {
      await db.update(loanBorrowers).set({ referredBy: code, updatedAt: at }).where(eq(loanBorrowers.userId, userId));
    },
    /** The seeded "not on the list" employer (job_info's other_employer_id). */
    otherEmployer: () => one(db.select({ id: employers.id }).from(employers).where(eq(employers.slug, 'other')).limit(1)),
    pendingRateChecks: async (): Promise<number> => {
      const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(newflowApplications).where(eq(newflowApplications.rateCheckState, 'pending'));
      return row?.n ?? 0;
    },
  };
}
export type NewflowRepository = ReturnType<typeof newflowRepository>;
