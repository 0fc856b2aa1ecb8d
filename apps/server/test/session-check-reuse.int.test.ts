import { MSG } from '@payrail/contract/messages';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isPlainRead } from '../src/db/client';
import { applicationMembers, loanBorrowers, userSessions } from '../src/db/schema/index';
import { auth, call, signUpConfirmed } from './identity-helpers';
import { type TestApp, testApp } from './test-app';

/**
 * The session check (GET /api/token_is_valid) reuses its last answer on the embedded database while
 * nothing was written since (describe-session.ts, `Database.writeGeneration`). These tests write behind
 * its back — straight through drizzle, as any module's repository does — and expect the very next check
 * to see it: no write path can leave a stale answer, whoever makes it. On PostgreSQL nothing is reused
 * and the same expectations hold.
 */
let app: TestApp;
beforeAll(async () => {
  app = await testApp();
});
afterAll(() => app.close());

const db = () => app.ctx.database.db;
const check = (token: string) => call(app, { url: '/api/token_is_valid', headers: auth(token) });
type Info = { workflow_status: string; avatar: string | null; loan_borrower: { first_name: string | null } };

describe('the write generation of the embedded database', () => {
  it('tells plain reads from statements that may write', () => {
    expect(isPlainRead('select "id" from "loans" where "loans"."user_id" = $1')).toBe(true);
    expect(isPlainRead('  SELECT 1')).toBe(true);
    expect(isPlainRead('select "id" from "loans" order by "id" limit 1 for update skip locked')).toBe(true); // a lock, no change
    for (const text of [
      'insert into "loans" ("id") values ($1)',
      'update "user_sessions" set "last_seen_at" = $1',
      'delete from "loans"',
      'with x as (delete from "loans" returning *) select * from x',
      "select nextval('loans_id_seq')",
      'select * into "copy" from "loans"',
      'savepoint sp1',
      'begin',
    ]) {
      expect(isPlainRead(text), text).toBe(false);
    }
  });

  it('moves on every write and at the end of every transaction that wrote, never on a read; null on PostgreSQL', async () => {
    const database = app.ctx.database;
    const before = database.writeGeneration();
    if (database.kind === 'postgres') {
      expect(before).toBeNull();
      return;
    }
    await db().select().from(applicationMembers).limit(1);
    expect(database.writeGeneration()).toBe(before);
    await db().update(applicationMembers).set({ avatar: null }).where(eq(applicationMembers.id, -1));
    const afterUpdate = database.writeGeneration()!;
    expect(afterUpdate).toBeGreaterThan(before!);
    // A transaction of reads and row locks (a job poll that found nothing) changes nothing.
    await db().transaction(async (tx) => {
      await tx.select().from(applicationMembers).limit(1).for('update', { skipLocked: true });
    });
    expect(database.writeGeneration()).toBe(afterUpdate);
    let inside = 0;
    await expect(
      db().transaction(async (tx) => {
        await tx.update(applicationMembers).set({ avatar: null }).where(eq(applicationMembers.id, -1));
        inside = database.writeGeneration()!;
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(inside).toBeGreaterThan(afterUpdate);
    expect(database.writeGeneration()!).toBeGreaterThan(inside); // and again at its end
    const afterTx = database.writeGeneration()!;
    await db().execute(sql`select 1`);
    expect(database.writeGeneration()).toBe(afterTx);
    await db().execute(sql`delete from ${applicationMembers} where ${applicationMembers.id} = -1`);
    expect(database.writeGeneration()!).toBeGreaterThan(afterTx);
  });
});

describe('the session check after a write', () => {
  it('answers what was written to the member or the profile, at the very next check', async () => {
    const who = await signUpConfirmed(app);
    expect((await check(who.token)).json<Info>().avatar).toBeNull();
    expect((await check(who.token)).json<Info>().avatar).toBeNull();
    await db().update(applicationMembers).set({ avatar: 'https://example.com/a.png' }).where(eq(applicationMembers.id, who.id));
    expect((await check(who.token)).json<Info>().avatar).toBe('https://example.com/a.png');
    await db().transaction(async (tx) => {
      await tx.update(loanBorrowers).set({ firstName: 'Morgan' }).where(eq(loanBorrowers.userId, who.id));
    });
    expect((await check(who.token)).json<Info>().loan_borrower.first_name).toBe('Morgan');
  });

  it('keeps the answer when a transaction rolls its write back', async () => {
    const who = await signUpConfirmed(app);
    const first = (await check(who.token)).json<Info>();
    await expect(
      db().transaction(async (tx) => {
        await tx.update(applicationMembers).set({ workflowStatus: 'declined' }).where(eq(applicationMembers.id, who.id));
        throw new Error('undo');
      }),
    ).rejects.toThrow('undo');
    expect((await check(who.token)).json<Info>()).toEqual(first);
  });

  it('refuses a session revoked in the database or signed out, at the very next check', async () => {
    const a = await signUpConfirmed(app);
    expect((await check(a.token)).statusCode).toBe(200);
    expect((await check(a.token)).statusCode).toBe(200);
    await db().update(userSessions).set({ revokedAt: new Date() }).where(eq(userSessions.userId, a.id));
    const refused = await check(a.token);
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toEqual({ error: MSG.signInRequired });

    const b = await signUpConfirmed(app);
    expect((await check(b.token)).statusCode).toBe(200);
    expect((await call(app, { method: 'DELETE', url: '/api/logout', headers: auth(b.token) })).statusCode).toBe(204);
    expect((await check(b.token)).statusCode).toBe(401);
  });

  it('does not keep what a check read while a write was on its way', async () => {
    const who = await signUpConfirmed(app);
    await check(who.token);
    // The check and the write start together: whichever the database runs first, the next check sees the write.
    const [racing] = await Promise.all([
      check(who.token),
      db().update(applicationMembers).set({ workflowStatus: 'declined' }).where(eq(applicationMembers.id, who.id)),
    ]);
    expect(racing.statusCode).toBe(200);
    expect((await check(who.token)).json<Info>().workflow_status).toBe('declined');
  });

  it('answers every check of a burst that follows a write with what was written', async () => {
    const who = await signUpConfirmed(app);
    await check(who.token);
    await db().update(applicationMembers).set({ avatar: 'https://example.com/burst.png' }).where(eq(applicationMembers.id, who.id));
    const burst = await Promise.all(Array.from({ length: 20 }, () => check(who.token)));
    expect(burst.map((r) => r.json<Info>().avatar)).toEqual(Array(20).fill('https://example.com/burst.png'));
  });

  it('applies the time rules on every check: an idle revocation by another app on the same database is seen at once', async () => {
    const who = await signUpConfirmed(app);
    expect((await check(who.token)).statusCode).toBe(200);
    const later = await testApp({ now: () => new Date(Date.now() + 31 * 60_000) });
    try {
      expect((await later.inject({ url: '/api/token_is_valid', headers: auth(who.token) })).statusCode).toBe(401);
    } finally {
      await later.close();
    }
    expect((await check(who.token)).statusCode).toBe(401);
  });

  it('refuses a kept session once past its absolute expiry, without any write in between', async () => {
    let now = new Date();
    const clocked = await testApp({ now: () => now });
    try {
      const who = await signUpConfirmed(clocked);
      const [session] = await db().select().from(userSessions).where(eq(userSessions.userId, who.id));
      expect((await clocked.inject({ url: '/api/token_is_valid', headers: auth(who.token) })).statusCode).toBe(200);
      // Seconds before and after the absolute limit: no touch (under a minute since the last check), no write.
      now = new Date(session!.expiresAt.getTime() - 1_000);
      await db()
        .update(userSessions)
        .set({ lastSeenAt: new Date(now.getTime() - 5_000) })
        .where(eq(userSessions.id, session!.id));
      expect((await clocked.inject({ url: '/api/token_is_valid', headers: auth(who.token) })).statusCode).toBe(200);
      expect((await clocked.inject({ url: '/api/token_is_valid', headers: auth(who.token) })).statusCode).toBe(200);
      now = new Date(session!.expiresAt.getTime() + 1_000);
      expect((await clocked.inject({ url: '/api/token_is_valid', headers: auth(who.token) })).statusCode).toBe(401);
    } finally {
      await clocked.close();
    }
  });
});
