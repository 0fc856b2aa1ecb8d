import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_STAFF_PASSWORD } from '../src/db/seed';
import { type TestApp, testApp } from './test-app';

let app: TestApp;
beforeAll(async () => {
  app = await testApp();
});
afterAll(() => app.close());

const login = (email: string, password: string) => app.inject({ method: 'POST', url: '/api/backoffice/login', payload: { email, password } });

describe('staff sign-in', () => {
  it('signs a demo underwriter in, answers who it is, and signs out', async () => {
    const res = await login('Underwriter@payrail.test', DEMO_STAFF_PASSWORD);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ email: 'underwriter@payrail.test', role: 'underwriter' });
    const token = res.headers.authorization as string;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const me = await app.inject({ url: '/api/backoffice/me', headers: { authorization: token } });
    expect(me.json()).toMatchObject({ role: 'underwriter' });

    expect((await app.inject({ method: 'DELETE', url: '/api/backoffice/logout', headers: { authorization: token } })).statusCode).toBe(204);
    const after = await app.inject({ url: '/api/backoffice/me', headers: { authorization: token } });
    expect(after.statusCode).toBe(401);
    expect(after.json()).toEqual({ error: 'You need to sign in before continuing.' });
  });

  it('refuses a wrong password and an unknown account with the same message', async () => {
    for (const res of [await login('admin@payrail.test', 'wrong-password'), await login('nobody@payrail.test', DEMO_STAFF_PASSWORD)]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ error: 'Invalid email or password.' });
    }
  });

  it('expires an idle session', async () => {
    let now = new Date('2026-01-05T12:00:00Z');
    const clocked = await testApp({ now: () => now });
    try {
      const res = await clocked.inject({
        method: 'POST',
        url: '/api/backoffice/login',
        payload: { email: 'servicer@payrail.test', password: DEMO_STAFF_PASSWORD },
      });
      const token = res.headers.authorization as string;
      now = new Date('2026-01-05T12:20:00Z');
      expect((await clocked.inject({ url: '/api/backoffice/me', headers: { authorization: token } })).statusCode).toBe(200);
      now = new Date('2026-01-05T12:51:00Z');
      expect((await clocked.inject({ url: '/api/backoffice/me', headers: { authorization: token } })).statusCode).toBe(401);
    } finally {
      await clocked.close();
    }
  });

  it('rate-limits repeated sign-in attempts with 429', async () => {
    const limited = await testApp();
    try {
      let last = 0;
      for (let i = 0; i < 12; i++) {
        last = (
          await limited.inject({
            method: 'POST',
            url: '/api/backoffice/login',
            remoteAddress: '10.9.9.9',
            payload: { email: 'nobody.per-ip@payrail.test', password: 'nope' },
          })
        ).statusCode;
      }
      expect(last).toBe(429);
    } finally {
      await limited.close();
    }
  });
});

describe('system event (admin)', () => {
  it('lets an admin start and end an event, and refuses other roles and borrowers', async () => {
    const admin = (await login('admin@payrail.test', DEMO_STAFF_PASSWORD)).headers.authorization as string;
    const servicer = (await login('servicer@payrail.test', DEMO_STAFF_PASSWORD)).headers.authorization as string;
    expect(
      (await app.inject({ method: 'POST', url: '/api/backoffice/system_event', headers: { authorization: servicer }, payload: { description: 'x' } }))
        .statusCode,
    ).toBe(403);
    expect((await app.inject({ method: 'POST', url: '/api/backoffice/system_event', payload: { description: 'x' } })).statusCode).toBe(401);
    const blank = await app.inject({ method: 'POST', url: '/api/backoffice/system_event', headers: { authorization: admin }, payload: { description: '  ' } });
    expect(blank.json()).toEqual({ errors: { description: ["can't be blank"] } });
    const started = await app.inject({
      method: 'POST',
      url: '/api/backoffice/system_event',
      headers: { authorization: admin },
      payload: { description: 'Bank holiday maintenance' },
    });
    expect(started.statusCode).toBe(201);
    expect((await app.ctx.repos.platform.activeSystemEvent())?.description).toBe('Bank holiday maintenance');
    expect((await app.inject({ method: 'DELETE', url: '/api/backoffice/system_event', headers: { authorization: admin } })).statusCode).toBe(204);
    expect(await app.ctx.repos.platform.activeSystemEvent()).toBeUndefined();
  });
});
