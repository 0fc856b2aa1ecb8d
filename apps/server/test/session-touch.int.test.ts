import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userSessions } from '../src/db/schema/index';
import { auth, signUpConfirmed } from './identity-helpers';
import { countStatements } from './support/statement-counter';
import { type TestApp, testApp } from './test-app';

/**
 * A session is touched (its last-seen time written) at most once a minute (use-cases/authenticate.ts). A page's
 * first reads go out together: when they all find the session last seen over a minute ago, one of them touches
 * it and the others take its time, instead of each writing the same row (on the embedded database each write
 * waited its turn behind the others). The idle rule counts from that touch.
 */
let app: TestApp;
let now = new Date();
beforeAll(async () => {
  app = await testApp({ now: () => now });
});
afterAll(() => app.close());

const TOUCH = /^update "user_sessions" set "last_seen_at"/i;
const lastSeen = async (id: number) => (await app.ctx.database.db.select().from(userSessions).where(eq(userSessions.userId, id)))[0]!.lastSeenAt;

describe('touching a session', () => {
  it('20 signed-in reads sent together, a minute after the last one: one touch, every answer 200', async () => {
    const who = await signUpConfirmed(app);
    now = new Date(now.getTime() + 5 * 60_000);
    const answers: number[] = [];
    const statements = await countStatements(app.ctx.database, async () => {
      const replies = await Promise.all(
        Array.from({ length: 20 }, (_, i) => app.inject({ url: i % 2 ? '/api/notifications' : '/api/loans/ongoing_loans', headers: auth(who.token) })),
      );
      answers.push(...replies.map((r) => r.statusCode));
    });
    expect(answers).toEqual(Array.from({ length: 20 }, () => 200));
    expect(statements.filter((s) => TOUCH.test(s))).toHaveLength(1);
    expect((await lastSeen(who.id)).getTime()).toBe(now.getTime());
    // Within the minute: no touch at all.
    now = new Date(now.getTime() + 30_000);
    const again = await countStatements(app.ctx.database, () => app.inject({ url: '/api/notifications', headers: auth(who.token) }));
    expect(again.filter((s) => TOUCH.test(s))).toHaveLength(0);
    // Past the minute: touched again, once.
    now = new Date(now.getTime() + 60_000);
    const later = await countStatements(app.ctx.database, () =>
      Promise.all([1, 2, 3].map(() => app.inject({ url: '/api/notifications', headers: auth(who.token) }))),
    );
    expect(later.filter((s) => TOUCH.test(s))).toHaveLength(1);
  });

  it('counts idleness from the last touch: past the idle limit after it, the session ends', async () => {
    const who = await signUpConfirmed(app);
    now = new Date(now.getTime() + 2 * 60_000);
    expect((await app.inject({ url: '/api/notifications', headers: auth(who.token) })).statusCode).toBe(200);
    now = new Date(now.getTime() + (app.ctx.config.session.idleMinutes * 60_000 + 1_000));
    expect((await app.inject({ url: '/api/notifications', headers: auth(who.token) })).statusCode).toBe(401);
  });
});
