import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staffToken } from './application-helpers';
import { auth, call, signUpConfirmed } from './identity-helpers';
import { employerSession, partnerEmployer } from './support/employer-portal';
import { type TestApp, testApp } from './test-app';

/**
 * Issue #31 "Must show": employer A cannot read or act on employer B (every route). Here: every portal
 * route that declares `config.employer` (the route table, not a list kept here) refuses a call without an
 * employer session — no token, a borrower's, a staff member's, a pending sign-in challenge — with 401
 * before reading anything. The per-route A-vs-B checks live beside each route's tests
 * (`expectNotFoundForOtherEmployer` in support/employer-portal.ts).
 */
let app: TestApp;
const PORTAL = '/api/employer_portal/';

beforeAll(async () => {
  app = await testApp();
});
afterAll(() => app.close());

const guarded = () => app.routeTable.filter((r: RouteOptions) => r.url.startsWith(PORTAL) && r.config?.employer !== undefined);
/** A URL of the route with every parameter filled (a row no one has). */
const urlOf = (url: string) => url.replace(/:[A-Za-z_]+/g, '2147483000').replace(/\*$/, 'x');
const methodsOf = (r: RouteOptions) => [r.method].flat().filter((m) => m !== 'HEAD' && m !== 'OPTIONS') as ('GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE')[];

describe('the employer guard over every portal route', () => {
  it('guards each portal route that is not a session call (registration refuses one that declares nothing)', () => {
    for (const r of app.routeTable.filter((r: RouteOptions) => r.url.startsWith(PORTAL))) {
      const session = ['/login', '/login/otp', '/invitations/:token', '/invitations/accept', '/totp/enrol', '/totp/confirm', '/me', '/logout'].some(
        (p) => r.url === `${PORTAL.slice(0, -1)}${p}`,
      );
      expect(session || r.config?.employer !== undefined, `${String(r.method)} ${r.url}`).toBe(true);
    }
  });

  it('answers 401 without an employer session, before reading the body', async () => {
    const borrower = await signUpConfirmed(app);
    const staff = await staffToken(app, 'admin@payrail.test');
    // A pending sign-in challenge (password right, no code yet) is no session either.
    const employer = await partnerEmployer(app, 'Guard Co');
    const user = await employerSession(app, employer.id);
    const login = await call(app, { method: 'POST', url: `${PORTAL}login`, payload: { email: user.email, password: user.password } });
    expect(login.statusCode, login.body).toBe(200);
    const challenge = login.json<{ challenge: string }>().challenge;

    const failures: string[] = [];
    for (const route of guarded()) {
      for (const method of methodsOf(route)) {
        for (const [who, headers] of [
          ['nobody', {}],
          ['a borrower', auth(borrower.token)],
          ['staff', auth(staff)],
          ['a sign-in challenge', auth(challenge)],
          ['a made-up token', auth('not-a-session')],
        ] as const) {
          const res = await call(app, {
            method,
            url: urlOf(route.url),
            headers,
            ...(method === 'GET' || method === 'DELETE' ? {} : { payload: { junk: true } }),
          });
          if (res.statusCode !== 401) failures.push(`${method} ${route.url} as ${who}: ${res.statusCode} ${res.body.slice(0, 120)}`);
        }
      }
    }
    expect(failures).toEqual([]);
  });

  it('lets a session through to its own employer only (GET /me names the session’s employer)', async () => {
    const [a, b] = [await partnerEmployer(app, 'Alpha'), await partnerEmployer(app, 'Beta')];
    const [ua, ub] = [await employerSession(app, a.id), await employerSession(app, b.id)];
    const meA = await call(app, { url: `${PORTAL}me`, headers: ua.headers });
    const meB = await call(app, { url: `${PORTAL}me`, headers: ub.headers });
    expect(meA.json()).toEqual({ id: ua.userId, employer_id: a.id, employer_name: a.name, email: ua.email, name: expect.any(String) });
    expect(meB.json()).toMatchObject({ id: ub.userId, employer_id: b.id, employer_name: b.name });
  });
});
