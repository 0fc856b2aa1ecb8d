import { FIELD_MSG, MSG } from '@payrail/contract/messages';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications, repayMethodChoices, supportMessages, userBenefits, visitors } from '../src/db/schema/index';
import { DEMO_BORROWER, seedDemo } from '../src/db/seed';
import { BENEFIT_LEVELS } from '../src/db/seed-data/demo-content';
import { auth, call, login, outbox, signUpConfirmed } from './identity-helpers';
import { type TestApp, testApp, uniqueEmail } from './test-app';

let app: TestApp;
let demo: string;
beforeAll(async () => {
  app = await testApp();
  demo = (await login(app, DEMO_BORROWER.email, DEMO_BORROWER.password)).headers.authorization as string;
});
afterAll(() => app.close());

const db = () => app.ctx.database.db;
type Notification = { id: number; status: 'read' | 'unread'; message: string; updated_at: string };

describe('notifications', () => {
  it('lists the demo borrower’s twelve notifications, newest first, five unread', async () => {
    const res = await call(app, { url: '/api/notifications', headers: auth(demo) });
    expect(res.statusCode).toBe(200);
    const list = res.json<Notification[]>();
    expect(list).toHaveLength(12);
    expect(list[0]).toEqual({
      id: expect.any(Number),
      status: 'unread',
      message: 'Your loan is paid in full. Thank you for choosing Payrail!',
      updated_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    expect(list.filter((n) => n.status === 'unread')).toHaveLength(5);
    expect(list.map((n) => n.updated_at)).toEqual([...list.map((n) => n.updated_at)].sort().reverse());
  });

  it('toggles read and unread on the member’s own notification only', async () => {
    const { token, id } = await signUpConfirmed(app);
    const mine = await app.ctx.repos.engagement.addNotification(id, 'Welcome to Payrail!', new Date('2026-01-01T00:00:00Z'));
    const read = await call(app, { method: 'PATCH', url: `/api/notifications/read/${mine.id}`, headers: auth(token) });
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual({ id: mine.id, status: 'read', message: 'Welcome to Payrail!', updated_at: expect.any(String) });
    expect(read.json<Notification>().updated_at).not.toBe('2026-01-01T00:00:00.000Z');
    expect((await call(app, { method: 'PATCH', url: `/api/notifications/unread/${mine.id}`, headers: auth(token) })).json()).toMatchObject({
      status: 'unread',
    });

    const demoFirst = (await call(app, { url: '/api/notifications', headers: auth(demo) })).json<Notification[]>()[0]!;
    const foreign = await call(app, { method: 'PATCH', url: `/api/notifications/read/${demoFirst.id}`, headers: auth(token) });
    expect(foreign.statusCode).toBe(404);
    expect((await db().select().from(notifications).where(eq(notifications.id, demoFirst.id)))[0]!.status).toBe('unread');
    expect((await call(app, { method: 'PATCH', url: '/api/notifications/read/abc', headers: auth(token) })).statusCode).toBe(422);
    expect((await call(app, { url: '/api/notifications' })).json()).toEqual({ error: MSG.signInRequired });
  });
});

describe('banners', () => {
  type Banner = { url: string; is_mobile: boolean; title: string; text: string; action: { kind: string; label: string; href?: string; code?: string } | null };

  it('lists the banners meant for the borrower, each with its text and a real call to action, and serves the art without a token', async () => {
    const list = (await call(app, { url: '/api/banners', headers: auth(demo) })).json<Banner[]>();
    // No refinancing offer to a borrower who is not eligible to refinance.
    expect(list.map((b) => b.url)).toEqual(['/api/banners/refer-a-friend.svg', '/api/banners/auto-debit.svg', '/api/banners/financial-tips.svg']);
    const refer = list[0]!;
    expect(refer).toMatchObject({
      is_mobile: false,
      title: 'Refer a friend to Payrail',
      action: { kind: 'copy_referral_code', label: 'Copy my referral code', code: expect.any(String) },
    });
    // The referral rewards of spec §9, not a "$25 thank-you".
    expect(refer.text).toContain('$50 when their loan is approved');
    expect(refer.text).not.toContain('$25');
    expect(list[1]!.action).toEqual({ kind: 'link', label: 'Set up AutoPay', href: '/dashboard/loans-and-payments' });
    expect(list[2]!.action).toBeNull();
    for (const banner of list) {
      const image = await app.inject(banner.url);
      expect(image.statusCode).toBe(200);
      expect(image.headers['content-type']).toContain('image/svg+xml');
      expect(image.body.startsWith('<svg')).toBe(true);
      // The art no longer draws a button (the old pictures of "Invite a friend", "Check my offer", …).
      expect(image.body).not.toMatch(/Invite a friend|Check my offer|Read 5 quick tips/);
    }
    expect((await app.inject('/api/banners/nope.svg')).statusCode).toBe(404);
    expect((await app.inject('/api/banners/refer-a-friend')).statusCode).toBe(404);
    expect((await call(app, { url: '/api/banners' })).statusCode).toBe(401);
  });

  it('offers no AutoPay to a borrower who repays by auto-debit', async () => {
    const { token, id } = await signUpConfirmed(app);
    await app.ctx.database.db.insert(repayMethodChoices).values({ userId: id, method: 'auto_debit', chosenAt: new Date() });
    const list = (await call(app, { url: '/api/banners', headers: auth(token) })).json<Banner[]>();
    expect(list.map((b) => b.url)).not.toContain('/api/banners/auto-debit.svg');
    expect(list.map((b) => b.url)).toContain('/api/banners/financial-tips.svg');
  });
});

describe('benefits', () => {
  it('computes the level from the referral rewards, not from a stored value', async () => {
    const res = await call(app, { url: '/api/benefits', headers: auth(demo) });
    expect(res.json()).toEqual({ level: 'zero', color: BENEFIT_LEVELS.find((l) => l.level === 'zero')!.color, read: true });
    const { token, id } = await signUpConfirmed(app);
    // A stored level is only what the member last acknowledged: it never raises the medal.
    await db().insert(userBenefits).values({ userId: id, level: 'silver', readAt: null, updatedAt: new Date() });
    expect((await call(app, { url: '/api/benefits', headers: auth(token) })).json()).toEqual({ level: 'zero', color: '#5b6472', read: false });
    const read = await call(app, { method: 'PATCH', url: '/api/benefits/read', headers: auth(token) });
    expect(read.json()).toEqual({ level: 'zero', color: '#5b6472', read: true });
  });
});

describe('POST /api/visitor', () => {
  it('logs the visit, with the member when a valid token comes along', async () => {
    const fingerprint = `fp-${uniqueEmail('v')}`;
    expect((await call(app, { method: 'POST', url: '/api/visitor', payload: { fingerprint, page: '/signup', queryString: '?utm_source=x' } })).statusCode).toBe(
      204,
    );
    expect((await call(app, { method: 'POST', url: '/api/visitor', headers: auth(demo), payload: { fingerprint, page: '/' } })).statusCode).toBe(204);
    expect((await call(app, { method: 'POST', url: '/api/visitor', headers: auth('stale-token'), payload: { fingerprint, page: '/signin' } })).statusCode).toBe(
      204,
    );
    const rows = await db().select().from(visitors).where(eq(visitors.fingerprint, fingerprint));
    expect(rows.map((r) => [r.page, r.queryString, r.userId !== null])).toEqual([
      ['/signup', '?utm_source=x', false],
      ['/', '', true],
      ['/signin', '', false],
    ]);
    expect((await call(app, { method: 'POST', url: '/api/visitor', payload: { page: '/' } })).statusCode).toBe(422);
  });
});

describe('POST /api/support_messages', () => {
  it('stores the message and e-mails support through the chat sandbox', async () => {
    const res = await call(app, { method: 'POST', url: '/api/support_messages', headers: auth(demo), payload: { message: 'When is my next payment due?' } });
    expect(res.statusCode).toBe(201);
    const { id } = res.json<{ id: number }>();
    const [row] = await db().select().from(supportMessages).where(eq(supportMessages.id, id));
    expect(row).toMatchObject({ email: DEMO_BORROWER.email, message: 'When is my next payment due?', userId: expect.any(Number) });
    const mail = (await outbox(app, 'support@payrail.test')).find((m) => m.subject === `Chat message #${id} from ${DEMO_BORROWER.email}`);
    expect(mail?.body).toContain('When is my next payment due?');
  });

  it('asks a visitor for an e-mail to answer', async () => {
    const blank = await call(app, { method: 'POST', url: '/api/support_messages', payload: { message: 'Hello?' } });
    expect(blank.statusCode).toBe(422);
    expect(blank.json()).toEqual({ errors: { email: [FIELD_MSG.blank] } });
    const email = uniqueEmail('visitor');
    expect((await call(app, { method: 'POST', url: '/api/support_messages', payload: { message: 'Hello?', email, name: 'Vi' } })).statusCode).toBe(201);
    expect((await db().select().from(supportMessages).where(eq(supportMessages.email, email)))[0]).toMatchObject({ name: 'Vi', userId: null });
  });
});

describe('POST /api/refer_code', () => {
  it('accepts an existing code in any case and refuses others with the spec message', async () => {
    const ok = await call(app, { method: 'POST', url: '/api/refer_code', payload: { refer_code: 'jordan25' } });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ valid: true });
    for (const refer_code of ['abc', 'NOPE9999']) {
      const res = await call(app, { method: 'POST', url: '/api/refer_code', payload: { refer_code } });
      expect(res.statusCode, refer_code).toBe(422);
      expect(res.json(), refer_code).toEqual({ errors: { refer_code: [MSG.referralNotFound] } });
    }
  });
});

describe('captcha', () => {
  it('passes in the sandbox unless the token is "fail", and says which captcha to load', async () => {
    expect((await call(app, { method: 'POST', url: '/api/captcha', payload: { token: 'human' } })).json()).toEqual({ success: true });
    const robot = await call(app, { method: 'POST', url: '/api/captcha', payload: { token: 'fail' } });
    expect(robot.statusCode).toBe(422);
    expect(robot.json()).toEqual({ error: MSG.captchaFailed });
    expect((await app.inject('/api/captcha/config')).json()).toEqual({ provider: 'sandbox', site_key: null });
  });

  it('fails every token when configured to', async () => {
    const failing = await testApp({ config: { captcha: { ...app.ctx.config.captcha, sandboxFail: true } } });
    try {
      expect((await failing.inject({ method: 'POST', url: '/api/captcha', payload: { token: 'human' } })).json()).toEqual({ error: MSG.captchaFailed });
    } finally {
      await failing.close();
    }
  });
});

describe('identity provider and dev identities', () => {
  it('tells the SPA which identity provider to use', async () => {
    expect((await app.inject('/api/identity/config')).json()).toEqual({ provider: 'sandbox', client_id: null });
  });

  it('offers the demo borrower and a person with no account, with sandbox-signed tokens', async () => {
    const list = (await app.inject('/api/dev/identities')).json<{ label: string; email: string; name: string; google_token: string }[]>();
    expect(list.map((i) => i.email)).toContain(DEMO_BORROWER.email);
    const fresh = list.find((i) => i.email !== DEMO_BORROWER.email)!;
    expect(await app.ctx.repos.identity.findMemberByEmail(fresh.email)).toBeUndefined();
    for (const i of list) expect(i.google_token).toMatch(/^sandbox\.[\w-]+\.[\w-]+$/);
  });

  it('does not exist in production', async () => {
    const prod = await testApp({ config: { env: 'production' } });
    try {
      expect((await prod.inject('/api/dev/identities')).statusCode).toBe(404);
    } finally {
      await prod.close();
    }
  });
});

describe('demo seed', () => {
  it('is idempotent', async () => {
    const member = (await app.ctx.repos.identity.findMemberByEmail(DEMO_BORROWER.email))!;
    await seedDemo(db());
    expect(await db().select().from(notifications).where(eq(notifications.userId, member.id))).toHaveLength(12);
    expect((await call(app, { url: '/api/banners', headers: auth(demo) })).json<unknown[]>()).toHaveLength(3);
  });
});
