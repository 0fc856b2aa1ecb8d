import { MSG } from '@payrail/contract/messages';
import Fastify, { type FastifyInstance } from 'fastify';
import { type FastifyPluginAsyncZod, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { AppContext } from '../src/context';
import { registerBorrowerSession } from '../src/http/borrower-session';
import { registerErrorHandler } from '../src/http/error-handler';
import { auth, call, signUpConfirmed } from './identity-helpers';
import { type TestApp, testApp } from './test-app';

let app: TestApp;
let probe: FastifyInstance;
let borrower: { id: number; token: string };
/** How many times a probe's handler ran: a 401 must leave it untouched. */
let handled = 0;

const ZProbeBody = z.object({ amount: z.number().int() });

/** Two probe routes on a bare app with only the borrower-session guard: one needs the session, one accepts it. */
const probeRoutes: FastifyPluginAsyncZod = async (scope) => {
  scope.post('/probe/required', { config: { session: 'required' }, schema: { body: ZProbeBody } }, async (req) => {
    handled += 1;
    return { user_id: req.signedIn?.member.id ?? null, amount: req.body.amount };
  });
  scope.post('/probe/optional', { config: { session: 'optional' }, schema: { body: ZProbeBody } }, async (req) => {
    handled += 1;
    return { user_id: req.signedIn?.member.id ?? null, amount: req.body.amount };
  });
};

beforeAll(async () => {
  app = await testApp();
  borrower = await signUpConfirmed(app);
  probe = Fastify();
  probe.setValidatorCompiler(validatorCompiler);
  registerErrorHandler(probe);
  registerBorrowerSession(probe, app.ctx);
  await probe.register(probeRoutes, { prefix: '/api' });
  await probe.ready();
});
afterAll(async () => {
  await probe.close();
  await app.close();
});

describe('the borrower-session guard (config.session, http/borrower-session.ts)', () => {
  it("'required': 401 without a token (or with a wrong one) before the body is validated, and the handler never runs", async () => {
    const before = handled;
    for (const headers of [{}, auth('not-a-session-token')]) {
      const res = await probe.inject({ method: 'POST', url: '/api/probe/required', headers, payload: { amount: 'lots' } });
      expect(res.statusCode, res.body).toBe(401);
      expect(res.json()).toEqual({ error: MSG.signInRequired });
    }
    expect(handled).toBe(before);
  });

  it("'required': with a live session the body is validated (422), then the handler sees the member", async () => {
    const bad = await probe.inject({ method: 'POST', url: '/api/probe/required', headers: auth(borrower.token), payload: { amount: 'lots' } });
    expect(bad.statusCode, bad.body).toBe(422);
    const ok = await probe.inject({ method: 'POST', url: '/api/probe/required', headers: auth(borrower.token), payload: { amount: 5 } });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toEqual({ user_id: borrower.id, amount: 5 });
  });

  it("'optional': a visitor (or a wrong token) goes through as nobody; a live session is recognised", async () => {
    for (const headers of [{}, auth('not-a-session-token')]) {
      const res = await probe.inject({ method: 'POST', url: '/api/probe/optional', headers, payload: { amount: 1 } });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ user_id: null, amount: 1 });
    }
    const member = await probe.inject({ method: 'POST', url: '/api/probe/optional', headers: auth(borrower.token), payload: { amount: 2 } });
    expect(member.json()).toEqual({ user_id: borrower.id, amount: 2 });
  });

  it('refuses to register a route that names an unknown session', async () => {
    const bare = Fastify();
    registerBorrowerSession(bare, {} as AppContext);
    const registered = bare.register(async (scope) => {
      scope.get('/open', { config: { session: 'sometimes' as never } }, async () => ({ ok: true }));
    });
    await expect(Promise.resolve(registered)).rejects.toThrow(/unknown borrower session/);
    await bare.close().catch(() => undefined);
  });

  it('the app: a borrower route answers 401 to a call without a session before reading its body', async () => {
    const res = await call(app, { method: 'POST', url: '/api/workflow/next_status', payload: { current_status: 42 } });
    expect(res.statusCode, res.body).toBe(401);
    expect(res.json()).toEqual({ error: MSG.signInRequired });
  });
});
