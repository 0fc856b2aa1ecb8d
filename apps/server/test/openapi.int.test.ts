/**
 * The API reference (issue #30): `/api/openapi.json` is OpenAPI 3.1 generated from the routes' own zod
 * schemas. Every registered `/api/` route is in it; real answers (success and errors) validate against
 * what it says; authentication and the Idempotency-Key header are described; `/api/docs` renders it.
 */
import Ajv2020 from 'ajv/dist/2020';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type OpenApiDocument, openApiPath } from '../src/http/openapi';
import { staffToken } from './application-helpers';
import { auth, call, signUpConfirmed } from './identity-helpers';
import { type TestApp, testApp } from './test-app';

let app: TestApp;
let doc: OpenApiDocument;
beforeAll(async () => {
  app = await testApp();
  const res = await call(app, { url: '/api/openapi.json' });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  doc = res.json<OpenApiDocument>();
});
afterAll(() => app.close());

type Op = {
  parameters: { name: string; in: string; required: boolean }[];
  security: Record<string, string[]>[];
  responses: Record<string, { $ref?: string; content?: Record<string, { schema: unknown }> }>;
  requestBody?: unknown;
};
const op = (method: string, path: string) => (doc.paths[path] as Record<string, Op> | undefined)?.[method] as Op;

/** Validates an answer against the document's schema for that operation and status (following $refs into components). */
function validates(method: string, path: string, status: number, body: unknown): string | null {
  const operation = op(method, path);
  if (!operation) return `${method} ${path} is not in the document`;
  let answer = operation.responses[String(status)];
  if (!answer) return `${method} ${path} documents no ${status}`;
  if (answer.$ref) answer = (doc.components.responses as Record<string, typeof answer>)[answer.$ref.split('/').pop()!]!;
  const schema = answer.content?.['application/json']?.schema;
  if (!schema) return `${method} ${path} ${status} has no JSON schema`;
  const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: false });
  ajv.addSchema({ $id: 'doc', components: doc.components }, 'doc');
  const rooted = JSON.parse(JSON.stringify(schema).replaceAll('"#/components/', '"doc#/components/')) as object;
  const ok = ajv.validate(rooted, body);
  return ok ? null : ajv.errorsText(ajv.errors);
}

describe('GET /api/openapi.json', () => {
  it('is OpenAPI 3.1 with every registered /api/ route, method by method', () => {
    expect(doc.openapi).toBe('3.1.0');
    const missing: string[] = [];
    let count = 0;
    for (const route of app.routeTable) {
      if (!route.url.startsWith('/api/')) continue;
      for (const m of Array.isArray(route.method) ? route.method : [route.method]) {
        const method = m.toLowerCase();
        if (method === 'head' || method === 'options') continue;
        count += 1;
        if (!op(method, openApiPath(route.url))) missing.push(`${m} ${route.url}`);
      }
    }
    expect(missing).toEqual([]);
    expect(count).toBeGreaterThan(150);
  });

  it('every operation has responses, and every path parameter is declared', () => {
    for (const [path, ops] of Object.entries(doc.paths)) {
      const names = [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]);
      for (const [method, o] of Object.entries(ops as Record<string, Op>)) {
        expect(Object.keys(o.responses).length, `${method} ${path}`).toBeGreaterThan(0);
        expect(
          o.parameters
            .filter((p) => p.in === 'path')
            .map((p) => p.name)
            .sort(),
          `${method} ${path}`,
        ).toEqual([...names].sort());
      }
    }
  });

  it('says who may call: staff, employer and borrower sessions, and open calls', () => {
    expect(op('get', '/api/backoffice/loans/{loanId}').security).toEqual([{ staffSession: [] }]);
    expect(op('get', '/api/loans/ongoing_loans').security).toEqual([{ borrowerSession: [] }]);
    expect(op('get', '/api/health').security).toEqual([]);
    const employerRoutes = Object.entries(doc.paths).filter(([p]) => p.startsWith('/api/employer_portal/'));
    for (const [path, ops] of employerRoutes) {
      for (const [method, o] of Object.entries(ops as Record<string, Op>)) {
        if (o.security.length > 0) expect(o.security, `${method} ${path}`).toEqual([{ employerSession: [] }]);
      }
    }
  });

  it('documents the Idempotency-Key header where a retry must not move money twice', () => {
    const header = (method: string, path: string) => op(method, path).parameters.find((p) => p.in === 'header' && p.name === 'Idempotency-Key');
    expect(header('post', '/api/request_payment')).toMatchObject({ required: true });
    expect(header('post', '/api/backoffice/applications/{userId}/fund')).toMatchObject({ required: true });
    expect(header('post', '/api/dashboard/loans/{loanId}/due_date_change')).toMatchObject({ required: false });
    expect(header('get', '/api/loans/ongoing_loans')).toBeUndefined();
  });

  it('real answers validate against it: open, borrower and staff calls, and the error shapes', async () => {
    const health = await call(app, { url: '/api/health' });
    expect(validates('get', '/api/health', 200, health.json())).toBeNull();
    const states = await call(app, { url: '/api/states' });
    expect(states.statusCode).toBe(200);
    expect(validates('get', '/api/states', 200, states.json())).toBeNull();

    const borrower = await signUpConfirmed(app);
    const session = await call(app, { url: '/api/token_is_valid', headers: auth(borrower.token) });
    expect(session.statusCode).toBe(200);
    expect(validates('get', '/api/token_is_valid', 200, session.json())).toBeNull();
    const loans = await call(app, { url: '/api/loans/ongoing_loans', headers: auth(borrower.token) });
    expect(validates('get', '/api/loans/ongoing_loans', 200, loans.json())).toBeNull();

    const staff = await staffToken(app, 'servicer@payrail.test');
    const me = await call(app, { url: '/api/backoffice/me', headers: auth(staff) });
    expect(validates('get', '/api/backoffice/me', 200, me.json())).toBeNull();

    const unauthorised = await call(app, { url: '/api/loans/ongoing_loans' });
    expect(unauthorised.statusCode).toBe(401);
    expect(validates('get', '/api/loans/ongoing_loans', 401, unauthorised.json())).toBeNull();
    const noKey = await call(app, { method: 'POST', url: '/api/request_payment', headers: auth(borrower.token), payload: {} });
    expect(noKey.statusCode).toBeGreaterThanOrEqual(400);
    expect(noKey.statusCode).toBeLessThan(500);
    expect(validates('post', '/api/request_payment', noKey.statusCode, noKey.json())).toBeNull();
    // The document is not a rubber stamp: an answer of another shape fails.
    expect(validates('get', '/api/health', 200, { status: 'fine' })).not.toBeNull();
  });
});

describe('GET /api/docs', () => {
  it('renders the reference: every operation, grouped, readable without script', async () => {
    const res = await call(app, { url: '/api/docs' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    const html = res.body;
    expect(html).toContain('<h1>Payrail API reference</h1>');
    expect(html).not.toContain('<script');
    for (const path of Object.keys(doc.paths)) expect(html).toContain(`<code>${path.replace(/&/g, '&amp;')}</code>`);
    for (const tag of ['borrower', 'backoffice', 'platform']) expect(html).toContain(`id="tag-${tag}"`);
  });
});
