import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, testApp, uniqueEmail } from './test-app';

let app: TestApp;
beforeAll(async () => {
  app = await testApp();
});
afterAll(() => app.close());

describe('health and bad input', () => {
  it('reports the database it runs on', async () => {
    const res = await app.inject('/api/health');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', database: app.ctx.database.kind });
  });

  it('answers 404 JSON for an unknown /api path', async () => {
    const res = await app.inject('/api/nope/nothing');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'No route for GET /api/nope/nothing' });
  });

  it('answers 400 for malformed JSON, never a 500', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/backoffice/login', headers: { 'content-type': 'application/json' }, payload: '{"email": ' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'Malformed JSON in request body.' });
  });

  it('answers 422 with field errors for wrong types', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/backoffice/login', payload: { email: 42, password: ['x'] } });
    expect(res.statusCode).toBe(422);
    const body = res.json<{ errors: Record<string, string[]> }>();
    expect(Object.keys(body.errors).sort()).toEqual(['email', 'password']);
  });

  it('answers 415 for an unsupported content type', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/backoffice/login', headers: { 'content-type': 'text/xml' }, payload: '<a/>' });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toHaveProperty('error');
  });
});

describe('sandbox outbox', () => {
  it('lists what the e-mail and SMS sandboxes sent, newest first', async () => {
    const to = uniqueEmail('outbox');
    await app.ctx.providers.email.send({ to, subject: 'First', text: 'one' });
    await app.ctx.providers.email.send({ to, subject: 'Second', text: 'two' });
    await app.ctx.providers.sms.send({ to: '+15555550123', body: 'Your code is 123456' });
    const mail = (await app.inject(`/api/dev/outbox?to=${encodeURIComponent(to.toUpperCase())}`)).json<{ subject: string; channel: string }[]>();
    expect(mail.map((m) => m.subject)).toEqual(['Second', 'First']);
    expect(mail[0]!.channel).toBe('email');
    // A phone typed with + in a query string decodes to a space; it still finds the messages.
    const sms = (await app.inject('/api/dev/outbox?to=+15555550123')).json<{ body: string }[]>();
    expect(sms[0]!.body).toBe('Your code is 123456');
    expect((await app.inject('/api/dev/outbox')).statusCode).toBe(422);
  });

  it('does not exist in production', async () => {
    const prod = await testApp({ config: { env: 'production' } });
    try {
      expect((await prod.inject('/api/dev/outbox?to=a@b.co')).statusCode).toBe(404);
    } finally {
      await prod.close();
    }
  });
});

describe('system events', () => {
  it('answers 503 with the description on the borrower API while an event is active', async () => {
    const description = 'Scheduled maintenance until 6 AM ET.';
    await app.ctx.repos.platform.startSystemEvent(description, null);
    const gated = await testApp();
    try {
      expect((await gated.inject('/api/current_system_state')).json()).toEqual({ event_description: description });
      const res = await gated.inject('/api/states');
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ error: description });
      expect((await gated.inject('/api/health')).statusCode).toBe(200);
    } finally {
      await app.ctx.repos.platform.endSystemEvents();
      await gated.close();
    }
    const after = await testApp();
    try {
      expect((await after.inject('/api/current_system_state')).json()).toEqual({ event_description: null });
      expect((await after.inject('/api/states')).statusCode).toBe(200);
    } finally {
      await after.close();
    }
  });
});

describe('security headers', () => {
  // helmet's set, built once at start-up (app.ts): every answer carries it, a 404 and an error included.
  const expectSecurityHeaders = (headers: Record<string, unknown>) => {
    expect(headers['content-security-policy']).toBe(
      "default-src 'self';base-uri 'self';font-src 'self' https: data:;form-action 'self';frame-ancestors 'self';img-src 'self' data: blob:;object-src 'none';script-src 'self';script-src-attr 'none';style-src 'self' 'unsafe-inline';connect-src 'self';frame-src 'self' blob:",
    );
    expect(headers).toMatchObject({
      'cross-origin-opener-policy': 'same-origin',
      'cross-origin-resource-policy': 'same-origin',
      'origin-agent-cluster': '?1',
      'referrer-policy': 'no-referrer',
      'strict-transport-security': 'max-age=31536000; includeSubDomains',
      'x-content-type-options': 'nosniff',
      'x-dns-prefetch-control': 'off',
      'x-download-options': 'noopen',
      'x-frame-options': 'SAMEORIGIN',
      'x-permitted-cross-domain-policies': 'none',
      'x-xss-protection': '0',
    });
    expect(headers['cross-origin-embedder-policy']).toBeUndefined();
    expect(headers['x-powered-by']).toBeUndefined();
  };

  it('are on API answers, 404s and 4xx errors', async () => {
    expectSecurityHeaders((await app.inject('/api/health')).headers);
    expectSecurityHeaders((await app.inject('/api/states')).headers);
    expectSecurityHeaders((await app.inject('/api/nope/nothing')).headers);
    expectSecurityHeaders((await app.inject('/api/token_is_valid')).headers);
  });
});

describe('CORS', () => {
  it('is closed: no Access-Control header on an answer to another origin, and a preflight is a 404', async () => {
    const origin = 'https://elsewhere.example';
    const get = await app.inject({ url: '/api/states', headers: { origin } });
    expect(get.statusCode).toBe(200);
    expect(Object.keys(get.headers).filter((h) => h.startsWith('access-control-'))).toEqual([]);
    const preflight = await app.inject({ method: 'OPTIONS', url: '/api/states', headers: { origin, 'access-control-request-method': 'POST' } });
    expect(preflight.statusCode).toBe(404);
    expect(Object.keys(preflight.headers).filter((h) => h.startsWith('access-control-'))).toEqual([]);
  });
});
