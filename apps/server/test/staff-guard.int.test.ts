import { STAFF_CAPABILITY_NAMES, STAFF_ROLES, type StaffCapability, type StaffRole, staffCan } from '@payrail/contract/staff';
import Fastify, { type InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppContext } from '../src/context';
import { registerStaffGuard } from '../src/modules/staff/staff-guard';
import { staffToken } from './application-helpers';
import { auth, call, signUpConfirmed } from './identity-helpers';
import { type TestApp, testApp } from './test-app';

let app: TestApp;
let borrower: { id: number; token: string };
const tokens = {} as Record<StaffRole, string>;
beforeAll(async () => {
  app = await testApp();
  borrower = await signUpConfirmed(app);
  for (const role of STAFF_ROLES) tokens[role] = await staffToken(app, `${role}@payrail.test`);
});
afterAll(() => app.close());

/**
 * One call per capability that changes nothing, and what a role holding the capability gets: 200 for
 * the reads; for the system event an empty description, so passing the guard shows as the body's 422;
 * for a reminder an unknown borrower (404).
 */
const PROBES: Record<StaffCapability, { request: () => InjectOptions; allowed: number }> = {
  read: { request: () => ({ url: '/api/backoffice/applications' }), allowed: 200 },
  review: { request: () => ({ url: `/api/backoffice/applications/${borrower.id}/allowed_statuses` }), allowed: 200 },
  fund: { request: () => ({ url: '/api/backoffice/referral_payouts' }), allowed: 200 },
  audit: { request: () => ({ url: '/api/backoffice/audit' }), allowed: 200 },
  systemEvent: { request: () => ({ method: 'POST', url: '/api/backoffice/system_event', payload: { description: '' } }), allowed: 422 },
  // An unknown borrower: passing the guard shows as the use case's 404, and nothing is written.
  remind: { request: () => ({ method: 'POST', url: '/api/backoffice/members/2147483000/requests/remind' }), allowed: 404 },
  storageCheck: { request: () => ({ url: '/api/backoffice/storage_check' }), allowed: 200 },
  creditReporting: { request: () => ({ url: '/api/backoffice/credit_reporting/files' }), allowed: 200 },
  // An unknown loan: passing the guard shows as the use case's 404, and nothing is written.
  creditDisputes: {
    request: () => ({ method: 'POST', url: '/api/backoffice/loans/2147483000/disputes', payload: { note: 'Consumer says the balance is wrong.' } }),
    allowed: 404,
  },
  portfolio: { request: () => ({ url: '/api/backoffice/portfolio' }), allowed: 200 },
  collect: { request: () => ({ url: '/api/backoffice/collections/queue' }), allowed: 200 },
  // A preview (writes nothing) of an unknown loan: passing the guard shows as the use case's 404.
  restructure: {
    request: () => ({ method: 'POST', url: '/api/backoffice/loans/2147483000/payment_plans/preview', payload: { kind: 'spread_past_due' } }),
    allowed: 404,
  },
  // An unknown employer: passing the guard shows as the use case's 404.
  manageEmployerUsers: { request: () => ({ url: '/api/backoffice/employers/2147483000' }), allowed: 404 },
  jobs: { request: () => ({ url: '/api/backoffice/jobs' }), allowed: 200 },
};

describe('the staff guard (one onRequest hook over the contract capability table)', () => {
  for (const role of STAFF_ROLES) {
    for (const capability of STAFF_CAPABILITY_NAMES) {
      const expected = staffCan(role, capability) ? PROBES[capability].allowed : 403;
      it(`${role} → ${capability}: ${expected}`, async () => {
        const res = await call(app, { ...PROBES[capability].request(), headers: auth(tokens[role]) });
        expect(res.statusCode, res.body).toBe(expected);
        if (expected === 403) expect(res.json()).toEqual({ error: "Sorry, you don't have permission to do this." });
      });
    }
  }

  it('answers 401 to a borrower token and to no token, before reading the body', async () => {
    for (const capability of STAFF_CAPABILITY_NAMES) {
      const request = PROBES[capability].request();
      expect((await call(app, { ...request, headers: auth(borrower.token) })).statusCode, capability).toBe(401);
      expect((await call(app, request)).statusCode, capability).toBe(401);
    }
  });

  it('refuses to register a back-office route that names no capability, or an unknown one', async () => {
    for (const config of [{}, { staff: 'everything' }]) {
      const bare = Fastify();
      registerStaffGuard(bare, {} as AppContext);
      const registered = bare.register(
        async (scope) => {
          scope.get('/open', { config: config as never }, async () => ({ ok: true }));
        },
        { prefix: '/api/backoffice' },
      );
      await expect(Promise.resolve(registered)).rejects.toThrow(/capability/);
      await bare.close().catch(() => undefined);
    }
  });
});
