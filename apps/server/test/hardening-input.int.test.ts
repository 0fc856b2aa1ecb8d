import { FIELD_MSG } from '@payrail/contract/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UNREADABLE_UPLOAD } from '../src/http/error-handler';
import { staffToken } from './application-helpers';
import { auth, call, signUpConfirmed, signupBody } from './identity-helpers';
import { type TestApp, testApp } from './test-app';

/** Issue #14 §2, §8, §10 (banners): input the database cannot store, and error answers. */
let app: TestApp;
let token: string;
beforeAll(async () => {
  app = await testApp();
  ({ token } = await signUpConfirmed(app));
});
afterAll(() => app.close());

describe('strings the database cannot store are a 422 on the field, on every route', () => {
  it('refuses a NUL byte in the login e-mail', async () => {
    const res = await call(app, { method: 'POST', url: '/api/login', payload: { application_member: { email: 'a\u0000@example.com', password: 'x' } } });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ errors: { email: [FIELD_MSG.invalid] } });
  });

  it('refuses a NUL byte in the visitor fingerprint at sign-up, and writes nothing', async () => {
    const body = await signupBody(app);
    const res = await call(app, { method: 'POST', url: '/api/signup', payload: { ...body, fingerprint: 'fp\u0000' } });
    expect(res.statusCode).toBe(422);
    expect(res.json<{ errors: Record<string, string[]> }>().errors).toHaveProperty('fingerprint');
    const again = await call(app, { method: 'POST', url: '/api/email', payload: { email: body.application_member.email } });
    expect(again.statusCode).toBe(200);
  });

  it('refuses a lone surrogate and a NUL in jsonb metadata (save_plaid_event)', async () => {
    for (const bad of ['\ud800', 'x\u0000y']) {
      const res = await call(app, {
        method: 'POST',
        url: '/api/bank_informations/save_plaid_event',
        headers: auth(token),
        payload: JSON.parse(`{"event_name":"OPEN","metadata":{"note":${JSON.stringify(bad)}}}`),
      });
      expect(res.statusCode).toBe(422);
    }
  });

  // The routes the probe named (issue #14 §2): each answers 422, none 500.
  const named: [string, string, Record<string, unknown>][] = [
    ['POST', '/api/visitor', { fingerprint: 'fp\u0000', page: '/', queryString: '' }],
    ['POST', '/api/about_yourself/update_field', { loan_borrower: { city: 'Spring\u0000field' } }],
    ['POST', '/api/support_messages', { message: 'help\u0000' }],
    ['POST', '/api/leads', { lead: { full_name: 'Ann\u0000Lee', email: 'ann@example.com', state_id: 1 } }],
    ['POST', '/api/about_yourself/update_references', { user_references: [{ full_name: 'Bo\u0000b', phone: '2025550142', relationship: 'Friend' }] }],
    ['POST', '/api/employers', { employer: { name: 'Acme\u0000', paymentFrequency: 'Monthly', paymentDate: '11/20/2026' } }],
    ['POST', '/api/user_feedback', { feedback: { rating: 5, message: 'great\u0000' } }],
    ['POST', '/api/agreements', { agreements: { id: '1\u0000' } }],
  ];
  for (const [method, url, payload] of named) {
    it(`${method} ${url} with a NUL byte answers 422`, async () => {
      const res = await call(app, { method: method as 'POST', url, headers: auth(token), payload });
      expect(res.statusCode, res.body).toBe(422);
    });
  }

  it('refuses a NUL in the agreement query and in a system event description', async () => {
    expect((await call(app, { url: '/api/agreement_document?agreement=privacy_notice%00&state=CA' })).statusCode).toBe(422);
    const admin = await staffToken(app, 'admin@payrail.test');
    expect(
      (await call(app, { method: 'POST', url: '/api/backoffice/system_event', headers: auth(admin), payload: { description: 'down\u0000' } })).statusCode,
    ).toBe(422);
  });

  it('refuses a NUL in a path parameter and in a query string', async () => {
    expect((await call(app, { url: '/api/banners/a%00b.svg' })).statusCode).toBe(422);
    expect((await call(app, { url: '/api/confirmation?confirmation_token=AB%00CDE' })).statusCode).toBe(422);
  });
});

describe('ids beyond the database integer are a 422, not a 500', () => {
  it('refuses state_id 2147483648 at sign-up', async () => {
    const body = await signupBody(app);
    const res = await call(app, { method: 'POST', url: '/api/signup', payload: { ...body, loan_borrower: { ...body.loan_borrower, state_id: 2147483648 } } });
    expect(res.statusCode).toBe(422);
  });

  it('refuses state_id 2147483648 on the lead form', async () => {
    const res = await call(app, {
      method: 'POST',
      url: '/api/leads',
      payload: { lead: { full_name: 'Ann Lee', email: 'ann@example.com', state_id: 2147483648 } },
    });
    expect(res.statusCode).toBe(422);
  });
});

describe('error answers never fail their own serialisation', () => {
  it('POST /api/bank_link/sandbox/authorize {} answers the field errors', async () => {
    const res = await call(app, { method: 'POST', url: '/api/bank_link/sandbox/authorize', payload: {} });
    expect(res.statusCode).toBe(422);
    expect(res.json<{ errors: Record<string, string[]> }>().errors).toHaveProperty('institution_id');
  });
});

describe('unreadable multipart bodies are a 400', () => {
  const multipart = (url: string, method: 'POST' | 'PATCH', contentType: string, payload: string) =>
    call(app, { method, url, headers: { ...auth(token), 'content-type': contentType }, payload });
  const part = (boundary: string, name: string) =>
    `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="a.png"\r\nContent-Type: image/png\r\n\r\nPNGDATA`;
  for (const [url, method, field] of [
    ['/api/documents', 'POST', 'document[file]'],
    ['/api/users/avatar', 'PATCH', 'avatar'],
  ] as const) {
    it(`${method} ${url}: no boundary, a wrong boundary, a truncated body`, async () => {
      const cases = [
        multipart(url, method, 'multipart/form-data', `${part('xyz', field)}\r\n--xyz--\r\n`),
        multipart(url, method, 'multipart/form-data; boundary=abc', `${part('xyz', field)}\r\n--xyz--\r\n`),
        multipart(url, method, 'multipart/form-data; boundary=xyz', part('xyz', field)),
      ];
      for (const res of await Promise.all(cases)) {
        expect(res.statusCode, res.body).toBe(400);
        expect(res.json()).toEqual({ error: UNREADABLE_UPLOAD });
      }
    });
  }
});

describe('callers before bodies, and errors are not cached', () => {
  it('POST /api/backoffice/system_event without a session is a 401 whatever the body', async () => {
    const res = await call(app, { method: 'POST', url: '/api/backoffice/system_event', payload: { description: '' } });
    expect(res.statusCode).toBe(401);
  });

  it('a borrower token is refused before the body is read', async () => {
    const res = await call(app, { method: 'POST', url: '/api/backoffice/system_event', headers: auth(token), payload: {} });
    expect(res.statusCode).toBe(401);
  });

  it('an admin still gets the field error for a blank description', async () => {
    const admin = await staffToken(app, 'admin@payrail.test');
    const res = await call(app, { method: 'POST', url: '/api/backoffice/system_event', headers: auth(admin), payload: { description: '' } });
    expect(res.statusCode).toBe(422);
  });

  it('a 404 under /api/banners/ is not cacheable and not typed as an image', async () => {
    const res = await call(app, { url: '/api/banners/nothing-here.svg' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(String(res.headers['content-type'])).toContain('application/json');
  });
});
