import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { authThrottles, installSecrets, outboxMessages, providerTokenClaims, rateLimitCounters, systemEvents } from '../../db/schema/index';

export type OutboxRow = typeof outboxMessages.$inferSelect;
export type NewOutboxMessage = Omit<typeof outboxMessages.$inferInsert, 'id' | 'createdAt'>;

export type ThrottleHit = { hits: number; lockedUntil: Date | null };

export type RateLimitCount = { hits: number; ttlMs: number };

export function platformRepository(db: Db) {
  const t = authThrottles;
  const r = rateLimitCounters;
  const ttlMs = sql<number>`greatest(0, ceil(extract(epoch from (${r.expiresAt} - now())) * 1000))::int`;
  return {
    /**
     * One hit on a per-IP rate-limit counter, in one upsert (PostgreSQL serialises it on the row): a
     * counter whose window ran out restarts at 1 with a new window. Times are the database's, so every
     * instance counts on one clock. Answers the count and the window's remaining milliseconds.
     */
    hitRateLimit: async (key: string, windowMs: number): Promise<RateLimitCount> => {
      const expired = sql`(${r.expiresAt} <= now())`;
      const [row] = await db
        .insert(r)
        .values({ key, hits: 1, expiresAt: sql`now() + ${windowMs} * interval '1 millisecond'` })
        .onConflictDoUpdate({
          target: r.key,
          set: {
            hits: sql`case when ${expired} then 1 else ${r.hits} + 1 end`,
            expiresAt: sql`case when ${expired} then excluded.expires_at else ${r.expiresAt} end`,
          },
        })
        .returning({ hits: r.hits, ttlMs });
      return row!;
    },
    /** A counter as it stands (0 hits when there is none or its window ran out); counts nothing. */
    readRateLimit: async (key: string): Promise<RateLimitCount> => {
      const [row] = await db
        .select({ hits: r.hits, ttlMs })
        .from(r)
        .where(and(eq(r.key, key), sql`${r.expiresAt} > now()`))
        .limit(1);
      return row ?? { hits: 0, ttlMs: 0 };
    },
    /** Deletes counters whose window ran out; answers how many. */
    sweepRateLimits: async (): Promise<number> =>
      (
        await db
          .delete(r)
          .where(sql`${r.expiresAt} <= now()`)
          .returning({ key: r.key })
      ).length,

    /**
     * Counts one attempt under `key`, atomically (one upsert; PostgreSQL serialises it on the row):
     * while locked nothing changes; after a lockout ran out, or when the window started before
     * `windowStartedAfter`, the count restarts at 1; otherwise it goes up by one.
     */
    hitThrottle: async (key: string, at: Date, windowStartedAfter: Date): Promise<ThrottleHit> => {
      const now = sql`${at.toISOString()}::timestamptz`;
      const locked = sql`(${t.lockedUntil} is not null and ${t.lockedUntil} > ${now})`;
      const restart = sql`(${t.lockedUntil} is not null or ${t.windowStartedAt} <= ${windowStartedAfter.toISOString()}::timestamptz)`;
      const [row] = await db
        .insert(t)
        .values({ key, hits: 1, windowStartedAt: at, lockouts: 0, updatedAt: at })
        .onConflictDoUpdate({
          target: t.key,
          set: {
            hits: sql`case when ${locked} then ${t.hits} when ${restart} then 1 else ${t.hits} + 1 end`,
            windowStartedAt: sql`case when ${locked} then ${t.windowStartedAt} when ${restart} then ${now} else ${t.windowStartedAt} end`,
            lockedUntil: sql`case when ${locked} then ${t.lockedUntil} else null end`,
            updatedAt: at,
          },
        })
        .returning({ hits: t.hits, lockedUntil: t.lockedUntil });
      return row!;
    },

    /** Locks `key` (unless already locked) for `baseSeconds` × 2^(earlier lockouts), at most `maxSeconds`; answers the lock's end. */
    lockThrottle: async (key: string, at: Date, baseSeconds: number, maxSeconds: number): Promise<Date | null> => {
      const now = sql`${at.toISOString()}::timestamptz`;
      await db
        .update(t)
        .set({
          lockedUntil: sql`${now} + make_interval(secs => least(${baseSeconds}::float8 * power(2, least(${t.lockouts}, 30)), ${maxSeconds}::float8))`,
          lockouts: sql`${t.lockouts} + 1`,
          updatedAt: at,
        })
        .where(and(eq(t.key, key), sql`(${t.lockedUntil} is null or ${t.lockedUntil} <= ${now})`));
      const [row] = await db.select({ lockedUntil: t.lockedUntil }).from(t).where(eq(t.key, key));
      return row?.lockedUntil ?? null;
    },

    /** Claims a provider token for a member (first use wins, atomically); answers the member it belongs to. */
    claimProviderToken: async (c: { tokenHash: string; kind: string; userId: number; at: Date }): Promise<number> => {
      const [mine] = await db
        .insert(providerTokenClaims)
        .values({ tokenHash: c.tokenHash, kind: c.kind, userId: c.userId, claimedAt: c.at })
        .onConflictDoNothing()
        .returning({ userId: providerTokenClaims.userId });
      if (mine) return mine.userId;
      const [owner] = await db.select({ userId: providerTokenClaims.userId }).from(providerTokenClaims).where(eq(providerTokenClaims.tokenHash, c.tokenHash));
      return owner!.userId;
    },

    /** Forgets the attempts under `key` (a success). */
    clearThrottle: async (key: string): Promise<void> => {
      await db.delete(t).where(eq(t.key, key));
    },

    ping: async (): Promise<void> => {
      await db.select({ id: systemEvents.id }).from(systemEvents).limit(1);
    },
    /** The `created_at` (the journal's `when`) of the latest migration this database has applied; null when none. */
    latestMigrationApplied: async (): Promise<number | null> => {
      const rows = await db.execute<{ at: string | number | null }>(sql`select max(created_at) as at from drizzle.__drizzle_migrations`);
      const list = Array.isArray(rows) ? rows : (rows as unknown as { rows: { at: string | number | null }[] }).rows;
      const at = list[0]?.at;
      return at === null || at === undefined ? null : Number(at);
    },

    recordOutbox: async (message: NewOutboxMessage): Promise<OutboxRow> => {
      const [row] = await db.insert(outboxMessages).values(message).returning();
      return row!;
    },

    listOutbox: (recipient: string, limit = 50) =>
      db
        .select()
        .from(outboxMessages)
        .where(eq(outboxMessages.recipient, recipient))
        .orderBy(desc(outboxMessages.createdAt), desc(outboxMessages.id))
        .limit(limit),

    activeSystemEvent: async () => {
      const [row] = await db
        .select()
        .from(systemEvents)
        .where(and(eq(systemEvents.active, true), isNull(systemEvents.endedAt)))
        .orderBy(desc(systemEvents.createdAt))
        .limit(1);
      return row;
    },

    startSystemEvent: async (description: string, staffId: number | null) => {
      return db.transaction(async (tx) => {
        await tx.update(systemEvents).set({ active: false, endedAt: new Date() }).where(eq(systemEvents.active, true));
        const [row] = await tx.insert(systemEvents).values({ description, createdByStaffId: staffId }).returning();
        return row!;
      });
    },

    /** The secret stored under `name`, created with `generate()` by whichever instance asks first. */
    installSecret: async (name: string, generate: () => string): Promise<string> => {
      await db.insert(installSecrets).values({ name, value: generate() }).onConflictDoNothing();
      const [row] = await db.select({ value: installSecrets.value }).from(installSecrets).where(eq(installSecrets.name, name)).limit(1);
      return row!.value;
    },

    endSystemEvents: async () => {
      await db.update(systemEvents).set({ active: false, endedAt: new Date() }).where(eq(systemEvents.active, true));
    },
  };
}
export type PlatformRepository = ReturnType<typeof platformRepository>;

/** Outbox figures for the metrics endpoint: messages by channel and status (sent, failed). */
export function outboxMetricsReads(db: Db) {
  return {
    byChannelAndStatus: () =>
      db
        .select({ channel: outboxMessages.channel, status: outboxMessages.status, n: sql<number>`count(*)::int` })
        .from(outboxMessages)
        .groupBy(outboxMessages.channel, outboxMessages.status),
  };
}
