import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { type Database, openDatabase } from '../src/db/client';
import { violatedUniqueConstraint } from '../src/db/errors';
import { rateLimitCounters } from '../src/db/schema/index';
import { seedReference } from '../src/db/seed';
import { platformRepository } from '../src/modules/platform/repository';
import { signUpConfirmed } from './identity-helpers';
import { testConfig } from './test-app';

/**
 * The embedded database in a worker thread (PGLITE_WORKER=true): migrations,
 * drizzle's reads and writes, transactions (commit, rollback, nested), errors with their SQLSTATE, and
 * a sign-up through the whole app, on a fresh in-memory PGlite of its own.
 */
let database: Database;
beforeAll(async () => {
  database = await openDatabase({ dataDir: 'memory://', pgliteWorker: true });
  await database.migrate();
  await seedReference(database.db);
}, 120_000);
afterAll(async () => {
  await database.close();
});

const key = (label: string) => `worker:${label}:${Math.random().toString(36).slice(2)}`;

describe('PGlite in a worker thread', () => {
  it('reads and writes through drizzle, with timestamps as Dates', async () => {
    const k = key('write');
    const before = Date.now();
    const [row] = await database.db
      .insert(rateLimitCounters)
      .values({ key: k, hits: 3, expiresAt: new Date(before + 60_000) })
      .returning();
    expect(row!.hits).toBe(3);
    expect(row!.expiresAt).toBeInstanceOf(Date);
    expect(row!.expiresAt.getTime()).toBe(before + 60_000);
    const hit = await platformRepository(database.db).hitRateLimit(k, 60_000);
    expect(hit.hits).toBe(4);
  });

  it('commits a transaction, rolls back a failed one, and nests with savepoints', async () => {
    const ok = key('commit');
    const bad = key('rollback');
    const inner = key('inner');
    await database.db.transaction(async (tx) => {
      await tx.insert(rateLimitCounters).values({ key: ok, hits: 1, expiresAt: new Date() });
      await tx
        .transaction(async (sp) => {
          await sp.insert(rateLimitCounters).values({ key: inner, hits: 1, expiresAt: new Date() });
          throw new Error('undo the savepoint only');
        })
        .catch(() => undefined);
    });
    await expect(
      database.db.transaction(async (tx) => {
        await tx.insert(rateLimitCounters).values({ key: bad, hits: 1, expiresAt: new Date() });
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    const keys = async (k: string) => (await database.db.select().from(rateLimitCounters).where(eq(rateLimitCounters.key, k))).length;
    expect(await keys(ok)).toBe(1);
    expect(await keys(inner)).toBe(0);
    expect(await keys(bad)).toBe(0);
  });

  it('answers a unique violation with its SQLSTATE and constraint, as in-process PGlite does', async () => {
    const k = key('unique');
    await database.db.insert(rateLimitCounters).values({ key: k, hits: 1, expiresAt: new Date() });
    const err = await database.db
      .insert(rateLimitCounters)
      .values({ key: k, hits: 1, expiresAt: new Date() })
      .then(() => null)
      .catch((e: unknown) => e);
    expect(violatedUniqueConstraint(err)).toBe('rate_limit_counters_pkey');
  });

  it('queues statements outside a transaction until it ends (one connection), and loses none', async () => {
    const k = key('queue');
    await database.db.insert(rateLimitCounters).values({ key: k, hits: 0, expiresAt: new Date(Date.now() + 60_000) });
    const repo = platformRepository(database.db);
    let queued: Promise<{ hits: number }[]> | undefined;
    await database.db.transaction(async (t) => {
      await t.update(rateLimitCounters).set({ hits: 100 }).where(eq(rateLimitCounters.key, k));
      // Sent while the transaction is open: they wait for it and see its committed value.
      queued = Promise.all(Array.from({ length: 20 }, () => repo.hitRateLimit(k, 60_000)));
      await new Promise((r) => setTimeout(r, 50));
    });
    const hits = (await queued!).map((h) => h.hits).sort((a, b) => a - b);
    expect(hits).toEqual(Array.from({ length: 20 }, (_, i) => 101 + i));
  });

  it('moves the write generation before each write is sent and at the end of each transaction that wrote, never on a read', async () => {
    const start = database.writeGeneration()!;
    await database.db.select().from(rateLimitCounters).limit(1);
    expect(database.writeGeneration()).toBe(start);
    const insert = database.db.insert(rateLimitCounters).values({ key: key('generation'), hits: 1, expiresAt: new Date() });
    const pending = insert.execute();
    expect(database.writeGeneration()).toBeGreaterThan(start); // already on its way, not yet answered
    await pending;
    const afterInsert = database.writeGeneration()!;
    await database.db.transaction(async (tx) => {
      await tx.select().from(rateLimitCounters).limit(1);
    });
    expect(database.writeGeneration()).toBe(afterInsert); // reads only
    await database.db.transaction(async (tx) => {
      await tx.update(rateLimitCounters).set({ hits: 2 }).where(eq(rateLimitCounters.key, 'none'));
    });
    expect(database.writeGeneration()!).toBeGreaterThan(afterInsert + 1); // the update, then the end
  });

  it('runs the app: sign-up and confirmation', async () => {
    const app = await buildApp({ config: testConfig(), database });
    await app.ready();
    try {
      const { token } = await signUpConfirmed(app);
      const res = await app.inject({ url: '/api/token_is_valid', headers: { authorization: token } });
      expect(res.statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });
});
