import { FIELD_MSG, MSG, SERVER_MSG } from '@payrail/contract/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staffUsers } from '../src/db/schema/index';
import { hashPassword } from '../src/lib/passwords';
import { auth, call, latestEmailToken, login, outbox, PASSWORD, signUp, signUpConfirmed, uniquePhone } from './identity-helpers';
import { type TestApp, testApp, uniqueEmail } from './test-app';

/**
 * Issue #14 §3 and §4: per-account and per-code limits that hold across addresses, across app
 * instances (they live in the database) and under concurrency (30 calls at once; on PostgreSQL with
 * TEST_DB=postgres). Every call comes from its own address, so the per-IP limits never answer.
 */
let app: TestApp;
beforeAll(async () => {
  app = await testApp();
});
afterAll(() => app.close());

const count = (codes: number[], status: number) => codes.filter((c) => c === status).length;

describe('per-account sign-in lockout', () => {
  it('40 wrong passwords from 40 addresses, then the right one: locked (borrower)', async () => {
    const { email } = await signUpConfirmed(app);
    const codes = [];
    for (let i = 0; i < 40; i++) codes.push((await login(app, email, 'Wrong-pass-1')).statusCode);
    expect(count(codes, 401)).toBe(5);
    expect(count(codes, 429)).toBe(35);
    const right = await login(app, email, PASSWORD);
    expect(right.statusCode).toBe(429);
    expect(right.json()).toEqual({ error: SERVER_MSG.tooManyRequests });
    expect(Number(right.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('lets the member in once the lockout ran out, and doubles the next one (back-off)', async () => {
    let now = new Date('2026-03-01T09:00:00Z');
    const clocked = await testApp({ now: () => now });
    try {
      const { email } = await signUpConfirmed(clocked);
      for (let i = 0; i < 6; i++) await login(clocked, email, 'Wrong-pass-1');
      const first = await login(clocked, email, PASSWORD);
      expect(first.statusCode).toBe(429);
      expect(Number(first.headers['retry-after'])).toBe(60);
      now = new Date('2026-03-01T09:01:01Z');
      for (let i = 0; i < 6; i++) await login(clocked, email, 'Wrong-pass-1');
      expect(Number((await login(clocked, email, PASSWORD)).headers['retry-after'])).toBe(120);
      now = new Date('2026-03-01T09:03:02Z');
      expect((await login(clocked, email, PASSWORD)).statusCode).toBe(200);
    } finally {
      await clocked.close();
    }
  });

  it('a right password resets the count', async () => {
    const { email } = await signUpConfirmed(app);
    for (let round = 0; round < 3; round++) {
      for (let i = 0; i < 4; i++) expect((await login(app, email, 'Wrong-pass-1')).statusCode).toBe(401);
      expect((await login(app, email, PASSWORD)).statusCode).toBe(200);
    }
  });

  it('40 wrong passwords from 40 addresses, then the right one: locked (staff)', async () => {
    const email = uniqueEmail('staff');
    await app.ctx.database.db.insert(staffUsers).values({ email, name: 'Lockout Test', role: 'servicer', passwordHash: await hashPassword(PASSWORD) });
    const staffLogin = (password: string) => call(app, { method: 'POST', url: '/api/backoffice/login', payload: { email, password } });
    const codes = [];
    for (let i = 0; i < 40; i++) codes.push((await staffLogin('Wrong-pass-1')).statusCode);
    expect(count(codes, 401)).toBe(5);
    expect((await staffLogin(PASSWORD)).statusCode).toBe(429);
  });
});

describe('codes and e-mails', () => {
  it('public confirmation guesses: the address is locked in the database, whichever instance answers', async () => {
    const ip = `10.201.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
    const { email } = await signUp(app);
    const code = await latestEmailToken(app, email);
    for (let i = 0; i < 10; i++) {
      const res = await app.inject({ url: `/api/confirmation?confirmation_token=ZZZZZ${i}`, remoteAddress: ip });
      expect(res.json()).toEqual({ errors: { confirmation_token: [FIELD_MSG.invalid] } });
    }
    // A second instance (fresh in-memory per-IP limiter) on the same database.
    const other = await testApp();
    try {
      const blocked = await other.inject({ url: `/api/confirmation?confirmation_token=${code}`, remoteAddress: ip });
      expect(blocked.statusCode).toBe(429);
      expect((await other.inject({ url: `/api/confirmation?confirmation_token=${code}`, remoteAddress: '10.202.0.1' })).statusCode).toBe(200);
    } finally {
      await other.close();
    }
  });

  it('20 reset requests for one address from 20 addresses send 3 e-mails', async () => {
    const { email } = await signUpConfirmed(app);
    const codes = [];
    for (let i = 0; i < 20; i++) codes.push((await call(app, { method: 'POST', url: '/api/password', payload: { application_member: { email } } })).statusCode);
    expect(count(codes, 200)).toBe(3);
    expect(count(codes, 429)).toBe(17);
    expect((await outbox(app, email)).filter((m) => m.subject !== 'Confirm your Payrail account')).toHaveLength(3);
  });

  it('re-sent confirmation e-mails are capped per address', async () => {
    const { email } = await signUp(app);
    const codes = [];
    for (let i = 0; i < 10; i++)
      codes.push((await call(app, { method: 'POST', url: '/api/confirmation/resend_confirmation', payload: { application_member: { email } } })).statusCode);
    expect(count(codes, 200)).toBe(3);
  });
});

describe('caps under concurrency (30 calls at once)', () => {
  it('30 simultaneous sends deliver exactly 5 texts', async () => {
    const { token } = await signUpConfirmed(app);
    const number = uniquePhone();
    const codes = (
      await Promise.all(
        Array.from({ length: 30 }, () => call(app, { method: 'POST', url: '/api/dashboard/phones', headers: auth(token), payload: { phone: { number } } })),
      )
    ).map((r) => r.statusCode);
    expect(count(codes, 201)).toBe(5);
    expect(count(codes, 429)).toBe(25);
    expect(await outbox(app, number)).toHaveLength(5);
  });

  it('30 simultaneous wrong codes: exactly 5 are evaluated', async () => {
    const { token } = await signUpConfirmed(app);
    const number = uniquePhone();
    expect((await call(app, { method: 'POST', url: '/api/dashboard/phones', headers: auth(token), payload: { phone: { number } } })).statusCode).toBe(201);
    const code = /code is (\d{6})/.exec((await outbox(app, number))[0]!.body)![1]!;
    const wrong = code === '000000' ? '111111' : '000000';
    const res = await Promise.all(
      Array.from({ length: 30 }, () =>
        call(app, { method: 'POST', url: '/api/dashboard/verify_phone', headers: auth(token), payload: { phone: { number, code: wrong } } }),
      ),
    );
    const codes = res.map((r) => r.statusCode);
    expect(count(codes, 422)).toBe(5);
    expect(count(codes, 429)).toBe(25);
    // The code is burnt: even the right one is refused now.
    expect(
      (await call(app, { method: 'POST', url: '/api/dashboard/verify_phone', headers: auth(token), payload: { phone: { number, code } } })).statusCode,
    ).toBe(429);
  });

  it('30 simultaneous wrong sign-ins: exactly 5 are evaluated', async () => {
    const { email } = await signUpConfirmed(app);
    const res = await Promise.all(Array.from({ length: 30 }, () => login(app, email, 'Wrong-pass-1')));
    const codes = res.map((r) => r.statusCode);
    expect(count(codes, 401)).toBe(5);
    expect(count(codes, 429)).toBe(25);
    // The five evaluated calls say why they failed; the other 25 say "too many", never "wrong password".
    for (const r of res.filter((x) => x.statusCode === 401)) expect(r.json()).toEqual({ error: MSG.invalidCredentials });
    for (const r of res.filter((x) => x.statusCode === 429)) expect(r.json()).toEqual({ error: SERVER_MSG.tooManyRequests });
    // The account is locked now: even the right password is refused.
    expect((await login(app, email, PASSWORD)).statusCode).toBe(429);
  });
});
