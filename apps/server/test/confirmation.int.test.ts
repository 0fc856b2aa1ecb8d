import { FIELD_MSG, MSG, SERVER_MSG } from '@payrail/contract/messages';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applicationMembers, workflowTransitions } from '../src/db/schema/index';
import { DEMO_BORROWER } from '../src/db/seed';
import { startSession } from '../src/modules/identity/use-cases/start-session';
import { PASSWORD, auth, call, latestEmailToken, login, outbox, signUp, signupBody } from './identity-helpers';
import { type TestApp, testApp, uniqueEmail } from './test-app';

let app: TestApp;
beforeAll(async () => {
  app = await testApp();
});
afterAll(() => app.close());

const confirm = (token: string) => call(app, { url: `/api/confirmation?confirmation_token=${encodeURIComponent(token)}` });
const memberId = async (email: string) => (await app.ctx.repos.identity.findMemberByEmail(email))!.id;
/** A wrong token of the right shape (never the real one). */
const otherThan = (token: string) => (token === 'ZZZZZZ' ? 'YYYYYY' : 'ZZZZZZ');

describe('GET /api/confirmation', () => {
  it('confirms with the e-mailed token (typed in any case), signs in with a new token and moves to about_yourself', async () => {
    const { email } = await signUp(app);
    const token = await latestEmailToken(app, email);
    const res = await confirm(token.toLowerCase());
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ email, workflow_status: 'about_yourself' });
    const session = res.headers.authorization as string;
    expect(session).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect((await call(app, { url: '/api/token_is_valid', headers: auth(session) })).json()).toMatchObject({ email, workflow_status: 'about_yourself' });

    const id = await memberId(email);
    const moves = await app.ctx.database.db.select().from(workflowTransitions).where(eq(workflowTransitions.userId, id)).orderBy(asc(workflowTransitions.id));
    expect(moves.map((m) => [m.fromStatus, m.toStatus, m.event, m.actor])).toEqual([
      [null, 'email_confirmation', 'sign_up', 'borrower'],
      ['email_confirmation', 'about_yourself', 'confirm_email', 'system'],
    ]);
    expect((await login(app, email, PASSWORD)).statusCode).toBe(200);
  });

  it('answers the spec field errors: invalid, already confirmed, blank, too long', async () => {
    const { email } = await signUp(app);
    const token = await latestEmailToken(app, email);
    const wrong = await confirm(otherThan(token));
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json()).toEqual({ errors: { confirmation_token: [FIELD_MSG.invalid] } });
    expect((await confirm(token)).statusCode).toBe(200);
    const again = await confirm(token);
    expect(again.statusCode).toBe(422);
    expect(again.json()).toEqual({ errors: { email: [FIELD_MSG.alreadyConfirmed] } });
    expect((await call(app, { url: '/api/confirmation' })).json()).toEqual({ errors: { confirmation_token: [FIELD_MSG.blank] } });
    expect((await confirm('ABCDEFG')).json()).toEqual({ errors: { confirmation_token: [FIELD_MSG.invalid] } });
  });

  it('refuses a token after 24 hours', async () => {
    let now = new Date('2026-04-01T08:00:00Z');
    const clocked = await testApp({ now: () => now });
    try {
      const payload = await signupBody(clocked);
      expect((await clocked.inject({ method: 'POST', url: '/api/signup', remoteAddress: '10.60.0.1', payload })).statusCode).toBe(201);
      const token = await latestEmailToken(clocked, payload.application_member.email);
      now = new Date('2026-04-02T08:00:01Z');
      const res = await clocked.inject({ url: `/api/confirmation?confirmation_token=${token}`, remoteAddress: '10.60.0.1' });
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual({ errors: { confirmation_token: [FIELD_MSG.tokenExpired] } });
    } finally {
      await clocked.close();
    }
  });
});

describe('POST /api/confirmation/resend_confirmation', () => {
  it('e-mails a new token and retires the old one', async () => {
    const { email } = await signUp(app);
    const first = await latestEmailToken(app, email);
    const res = await call(app, {
      method: 'POST',
      url: '/api/confirmation/resend_confirmation',
      payload: { application_member: { email: email.toUpperCase() } },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ email });
    expect((await outbox(app, email)).filter((m) => m.subject === 'Confirm your Payrail account')).toHaveLength(2);
    const second = await latestEmailToken(app, email);
    expect(second).not.toBe(first);
    // The old code answers the spec's field error plus the reason a resend replaced it (issue #33).
    expect((await confirm(first)).json()).toEqual({ errors: { confirmation_token: [FIELD_MSG.invalid] }, reason: 'superseded' });
    expect((await confirm(second)).statusCode).toBe(200);
  });

  it('answers not found for an unknown e-mail and already confirmed for a confirmed one', async () => {
    const unknown = await call(app, {
      method: 'POST',
      url: '/api/confirmation/resend_confirmation',
      payload: { application_member: { email: uniqueEmail('ghost') } },
    });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json()).toEqual({ errors: { email: [FIELD_MSG.notFound] } });
    const confirmed = await call(app, {
      method: 'POST',
      url: '/api/confirmation/resend_confirmation',
      payload: { application_member: { email: DEMO_BORROWER.email } },
    });
    expect(confirmed.json()).toEqual({ errors: { email: [FIELD_MSG.alreadyConfirmed] } });
  });
});

describe('signed-in confirmation (dashboard)', () => {
  /** An unconfirmed member with a session, as the dashboard sees one. */
  const unconfirmedSession = async () => {
    const { email } = await signUp(app);
    const token = await startSession(app.ctx, await memberId(email), { ip: null, userAgent: null });
    return { email, token };
  };

  it('resends the token and confirms with it, without a new session', async () => {
    const { email, token } = await unconfirmedSession();
    const resend = await call(app, { url: '/api/dashboard/confirmation/resend_token', headers: auth(token) });
    expect(resend.statusCode).toBe(200);
    expect(resend.json()).toEqual({ email });
    const code = await latestEmailToken(app, email);
    const res = await call(app, { url: `/api/dashboard/confirmation/${code.toLowerCase()}`, headers: auth(token) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ email, workflow_status: 'about_yourself' });
    expect(res.headers.authorization).toBeUndefined();
    const row = (await app.ctx.database.db.select().from(applicationMembers).where(eq(applicationMembers.email, email)))[0]!;
    expect(row.confirmedAt).toBeInstanceOf(Date);
  });

  it('counts wrong tokens and answers 429 after five', async () => {
    const { email, token } = await unconfirmedSession();
    const code = await latestEmailToken(app, email);
    for (let i = 0; i < 5; i++) {
      const res = await call(app, { url: `/api/dashboard/confirmation/${otherThan(code)}`, headers: auth(token) });
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual({ errors: { confirmation_token: [FIELD_MSG.invalid] } });
    }
    const blocked = await call(app, { url: `/api/dashboard/confirmation/${code}`, headers: auth(token) });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({ error: SERVER_MSG.tooManyWrongCodes });
    // A new token starts a fresh count.
    await call(app, { url: '/api/dashboard/confirmation/resend_token', headers: auth(token) });
    expect((await call(app, { url: `/api/dashboard/confirmation/${await latestEmailToken(app, email)}`, headers: auth(token) })).statusCode).toBe(200);
  });

  it('tells a confirmed member so, and needs a session', async () => {
    const demo = (await login(app, DEMO_BORROWER.email, DEMO_BORROWER.password)).headers.authorization as string;
    expect((await call(app, { url: '/api/dashboard/confirmation/ABC123', headers: auth(demo) })).json()).toEqual({
      errors: { email: [FIELD_MSG.alreadyConfirmed] },
    });
    expect((await call(app, { url: '/api/dashboard/confirmation/resend_token', headers: auth(demo) })).json()).toEqual({
      errors: { email: [FIELD_MSG.alreadyConfirmed] },
    });
    const anonymous = await call(app, { url: '/api/dashboard/confirmation/ABC123' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ error: MSG.signInRequired });
  });
});

describe('confirmation rate limits', () => {
  it('answers 429 to repeated guesses and resends from one address', async () => {
    const limited = await testApp();
    try {
      let guess = await limited.inject({ url: '/api/confirmation?confirmation_token=ZZZZZZ', remoteAddress: '10.98.0.1' });
      for (let i = 0; i < 10; i++) guess = await limited.inject({ url: '/api/confirmation?confirmation_token=ZZZZZZ', remoteAddress: '10.98.0.1' });
      expect(guess.statusCode).toBe(429);
      let resend = await limited.inject({
        method: 'POST',
        url: '/api/confirmation/resend_confirmation',
        remoteAddress: '10.98.0.2',
        payload: { application_member: { email: DEMO_BORROWER.email } },
      });
      for (let i = 0; i < 5; i++)
        resend = await limited.inject({
          method: 'POST',
          url: '/api/confirmation/resend_confirmation',
          remoteAddress: '10.98.0.2',
          payload: { application_member: { email: DEMO_BORROWER.email } },
        });
      expect(resend.statusCode).toBe(429);
    } finally {
      await limited.close();
    }
  });
});
