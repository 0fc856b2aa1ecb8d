import fc from 'fast-check';
import type { FastifyInstance, RouteOptions } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildApp } from '../src/app';
import { type Database, openDatabase } from '../src/db/client';
import { seedDemo, seedReference } from '../src/db/seed';
import { randomIp, signUpConfirmed } from './identity-helpers';
import { staffToken } from './application-helpers';
import { testConfig } from './test-app';

/**
 * Issue #14 "Must show": every route of the server's route table (`app.routeTable`, so routes other
 * branches add later are covered without editing this file) gets schema-derived malformed bodies,
 * path parameters, query strings and headers, anonymously, as a borrower and as an admin; no answer
 * may be a 5xx. Bounded and seeded (FUZZ_RUNS per route, FUZZ_SEED). It runs on its own database, so
 * what an admin call changes never reaches the other files of the worker.
 *
 * A route that must be left out says so next to itself: `config: { fuzz: { skip: 'why' } }`.
 */
declare module 'fastify' {
  interface FastifyContextConfig {
    fuzz?: { skip?: string };
  }
}

const RUNS = Number(process.env.FUZZ_RUNS ?? 10);
const SEED = Number(process.env.FUZZ_SEED ?? 1414);

// ── Nasty values ───────────────────────────────────────────────────────────────────────────────
const nastyString = fc.constantFrom(
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\ud800',
  'x\udfffy',
  '💥\u200b',
  'x'.repeat(5000),
  '-1',
  '0',
  '2147483648',
  '99999999999999999999999',
  '1e308',
  'NaN',
  'null',
  'true',
  '../../etc/passwd',
  "' OR 1=1 --",
  '<script>alert(1)</script>',
  '__proto__',
  '2026-02-30',
  '%00',
  '%',
);
const nastyNumber = fc.constantFrom(-1, 0, 1.5, -0, 2147483647, 2147483648, -2147483649, Number.MAX_SAFE_INTEGER, 1e308, -1e308);
const nastyValue: fc.Arbitrary<unknown> = fc.oneof(
  nastyString,
  nastyNumber,
  fc.constantFrom<unknown>(
    null,
    true,
    false,
    [],
    {},
    [null],
    { __proto__: { polluted: 1 } },
    JSON.parse('{"__proto__":{"polluted":1},"constructor":{"prototype":1}}'),
  ),
);

type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
};

/** A value for a JSON schema: mostly shaped like it (so validation passes and handlers run), with nasty leaves. */
function valueFor(schema: JsonSchema | undefined, depth = 0): fc.Arbitrary<unknown> {
  if (!schema || depth > 5) return nastyValue;
  const branches = schema.anyOf ?? schema.oneOf ?? schema.allOf;
  if (branches?.length) return fc.oneof(...branches.map((b) => valueFor(b, depth + 1)), nastyValue);
  if (schema.enum?.length) return fc.oneof({ arbitrary: fc.constantFrom(...schema.enum), weight: 3 }, { arbitrary: nastyValue, weight: 1 });
  if (schema.const !== undefined) return fc.oneof({ arbitrary: fc.constant(schema.const), weight: 3 }, { arbitrary: nastyValue, weight: 1 });
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  if (type === 'object' || schema.properties) {
    const shape = Object.fromEntries(Object.entries(schema.properties ?? {}).map(([k, s]) => [k, valueFor(s, depth + 1)]));
    return fc.oneof({ arbitrary: fc.record(shape, { requiredKeys: [] }), weight: 5 }, { arbitrary: nastyValue, weight: 1 });
  }
  if (type === 'array')
    return fc.oneof({ arbitrary: fc.array(valueFor(schema.items, depth + 1), { maxLength: 3 }), weight: 3 }, { arbitrary: nastyValue, weight: 1 });
  if (type === 'string') return fc.oneof(fc.string({ maxLength: 30 }), fc.string({ unit: 'binary', maxLength: 10 }), nastyString);
  if (type === 'integer' || type === 'number') return fc.oneof(fc.integer(), fc.double(), nastyNumber);
  if (type === 'boolean') return fc.oneof(fc.boolean(), nastyValue);
  return nastyValue;
}

/** The route's zod schema as JSON schema (input side); an unrepresentable part becomes "anything". */
function jsonSchemaOf(schema: unknown): JsonSchema | undefined {
  if (!(schema instanceof z.ZodType)) return undefined;
  try {
    return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  } catch {
    return undefined;
  }
}

const asText = (v: unknown): string => (typeof v === 'string' ? v : (JSON.stringify(v) ?? ''));

/** Percent-encodes like the browser, and a lone surrogate as its raw (WTF-8) bytes, as an attacker would send it. */
function encodePart(s: string): string {
  return Array.from(s, (ch) => {
    try {
      return encodeURIComponent(ch);
    } catch {
      const u = ch.charCodeAt(0);
      return [0xed, 0xa0 | ((u >> 6) & 0x1f), 0x80 | (u & 0x3f)].map((b) => `%${b.toString(16).toUpperCase()}`).join('');
    }
  }).join('');
}

// ── The app on its own database ────────────────────────────────────────────────────────────────
/** On PostgreSQL, the fuzz run's own database beside TEST_DATABASE_URL's (dropped again after the run). */
const fuzzDatabaseName = () =>
  process.env.TEST_DB === 'postgres' && process.env.TEST_DATABASE_URL ? `${new URL(process.env.TEST_DATABASE_URL).pathname.slice(1)}_fuzz` : null;

/** Runs statements on TEST_DATABASE_URL's server (creating and dropping the fuzz database). */
async function onTestServer(...statements: string[]): Promise<void> {
  const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await admin.connect();
  try {
    for (const statement of statements) await admin.query(statement);
  } finally {
    await admin.end();
  }
}

async function fuzzDatabase(): Promise<Database> {
  let url: string | undefined;
  const name = fuzzDatabaseName();
  if (name) {
    const base = new URL(process.env.TEST_DATABASE_URL!);
    await onTestServer(`drop database if exists "${name}" with (force)`, `create database "${name}"`);
    base.pathname = `/${name}`;
    url = base.toString();
  }
  const database = await openDatabase({ databaseUrl: url, dataDir: 'memory://' });
  await database.migrate();
  await seedReference(database.db);
  await seedDemo(database.db);
  return database;
}

let app: FastifyInstance;
let database: Database;
const identities: Record<'anonymous' | 'borrower' | 'admin', string | null> = { anonymous: null, borrower: null, admin: null };

beforeAll(async () => {
  database = await fuzzDatabase();
  app = await buildApp({ config: testConfig(), database });
  await app.ready();
  identities.borrower = (await signUpConfirmed(app)).token;
  identities.admin = await staffToken(app, 'admin@payrail.test');
}, 120_000);

afterAll(async () => {
  await app?.close();
  await database?.close();
  const name = fuzzDatabaseName();
  if (name) await onTestServer(`drop database if exists "${name}" with (force)`);
});

type Case = {
  identity: keyof typeof identities;
  params: Record<string, unknown>;
  query: unknown;
  body: unknown;
  contentType: string;
  extraHeader: [string, string] | null;
};

function caseFor(route: RouteOptions): fc.Arbitrary<Case> {
  const schema = (route.schema ?? {}) as { body?: unknown; querystring?: unknown; params?: unknown };
  const paramNames = [...route.url.matchAll(/:([A-Za-z_]+)/g)].map((m) => m[1]!);
  const paramsSchema = jsonSchemaOf(schema.params);
  return fc.record({
    identity: fc.constantFrom('anonymous', 'borrower', 'admin'),
    params: fc.record(Object.fromEntries(paramNames.map((n) => [n, fc.oneof(valueFor(paramsSchema?.properties?.[n]), fc.nat({ max: 50 }))]))),
    query: valueFor(jsonSchemaOf(schema.querystring)),
    body: valueFor(jsonSchemaOf(schema.body)),
    contentType: fc.constantFrom(
      'application/json',
      'application/json',
      'application/json',
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data',
      'multipart/form-data; boundary=fuzz',
    ),
    extraHeader: fc.option(
      fc
        .tuple(
          fc.constantFrom('idempotency-key', 'x-forwarded-for', 'accept-language', 'user-agent', 'authorization'),
          fc.oneof(fc.string({ maxLength: 300 }), fc.constantFrom('x'.repeat(8000), 'Bearer ', 'Bearer \u00ff', '1.2.3.4, ::1')),
        )
        .map(([k, v]) => [k, v.replace(/[^\t\x20-\x7e\x80-\xff]/g, '?')] as [string, string]),
      { nil: null },
    ),
  });
}

function requestFor(route: RouteOptions, method: string, c: Case) {
  let url = route.url.replace(/:([A-Za-z_]+)/g, (_, n: string) => encodePart(asText(c.params[n])) || 'x').replace(/\*$/, 'fuzz');
  if (c.query && typeof c.query === 'object' && !Array.isArray(c.query)) {
    const qs = Object.entries(c.query)
      .map(([k, v]) => `${encodePart(k)}=${encodePart(asText(v))}`)
      .join('&');
    if (qs) url += `?${qs}`;
  }
  const headers: Record<string, string> = {};
  const token = identities[c.identity];
  if (token) headers.authorization = token;
  if (c.extraHeader) headers[c.extraHeader[0]] = c.extraHeader[1];
  const hasBody = !['GET', 'HEAD', 'OPTIONS'].includes(method);
  if (hasBody) headers['content-type'] = c.contentType;
  const payload = hasBody ? (c.contentType === 'application/json' ? JSON.stringify(c.body ?? null) : asText(c.body)) : undefined;
  return { method: method as 'GET', url, headers, remoteAddress: randomIp(), ...(payload !== undefined ? { payload } : {}) };
}

describe('no input makes any route answer 5xx', () => {
  it('enumerates the route table', () => {
    const api = app.routeTable.filter((r) => r.url.startsWith('/api/'));
    // The table is the server's, not a list kept here: it holds the routes of every module.
    expect(api.length).toBeGreaterThan(80);
    expect(api.some((r) => r.url === '/api/login')).toBe(true);
  });

  it('fuzzes every route (bounded, seeded)', async () => {
    const failures: string[] = [];
    const routes = app.routeTable.filter((r) => r.url.startsWith('/api/') && !r.config?.fuzz?.skip);
    for (const route of routes) {
      for (const method of [route.method].flat().filter((m) => m !== 'HEAD' && m !== 'OPTIONS')) {
        try {
          await fc.assert(
            fc.asyncProperty(caseFor(route), async (c) => {
              const req = requestFor(route, method, c);
              const res = await app.inject(req);
              // An admin's call may start a system event (every borrower route then answers 503 on purpose): end it.
              if (route.url.endsWith('/system_event')) {
                await app.ctx.repos.platform.endSystemEvents();
                app.ctx.systemGate.invalidate();
              }
              if (res.statusCode >= 500)
                throw new Error(`${req.method} ${req.url.slice(0, 200)} as ${c.identity} → ${res.statusCode} ${res.body.slice(0, 200)}`);
            }),
            { seed: SEED, numRuns: RUNS, endOnFailure: true },
          );
        } catch (err) {
          const message = (err as Error).message;
          failures.push(`${method} ${route.url}: ${message.split('\n').find((l) => l.includes(' → ')) ?? message.slice(0, 500)}`);
        }
      }
    }
    expect(failures).toEqual([]);
  }, 600_000);
});
