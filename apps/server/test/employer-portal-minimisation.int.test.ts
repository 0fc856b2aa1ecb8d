import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { type TestApp, testApp } from './test-app';

/**
 * Data minimisation (issue #31, docs/security.md "Employer portal"): an employer never sees SSNs, credit
 * data, loan amounts, balances, rates, payoff figures, bank accounts, dates of birth or income. Enforced on
 * the contract: every answer schema of every /api/employer_portal route (the server's route table, not a
 * list kept here) is walked recursively, and fails on a forbidden key. Every object in an answer is strict
 * (no key can ride along unlisted). Request bodies are not answers: a verification answer the employer
 * sends may carry an income range.
 */
let app: TestApp;
beforeAll(async () => {
  app = await testApp();
});
afterAll(() => app.close());

/** Forbidden as a whole `_`-separated word of a key. */
const FORBIDDEN_WORDS = new Set(['ssn', 'balance', 'balances', 'principal', 'payoff', 'apr', 'rate', 'rates', 'interest', 'income', 'dob', 'fico', 'score']);
/** Forbidden anywhere in a key. */
const FORBIDDEN_PARTS = [
  'social_security',
  'amount_financed',
  'loan_amount',
  'account_number',
  'routing_number',
  'date_of_birth',
  'birth_date',
  'credit',
  'bank_',
  'payoff',
];

function forbiddenKey(key: string): boolean {
  const k = key.toLowerCase();
  return k.split(/[_\W]+/).some((w) => FORBIDDEN_WORDS.has(w)) || FORBIDDEN_PARTS.some((p) => k.includes(p)) || k.startsWith('bank');
}

type Json = { [k: string]: unknown };

/** Every property key in a JSON schema (recursively), with its path; and the paths of objects that are not closed. */
function walk(node: unknown, path: string, keys: { path: string; key: string }[], open: string[]): void {
  if (Array.isArray(node)) {
    node.forEach((n, i) => walk(n, `${path}[${i}]`, keys, open));
    return;
  }
  if (!node || typeof node !== 'object') return;
  const s = node as Json;
  const isObject = s['type'] === 'object' || 'properties' in s;
  if (isObject && s['additionalProperties'] !== false) open.push(path || '(root)');
  if (s['properties'] && typeof s['properties'] === 'object') {
    for (const [key, child] of Object.entries(s['properties'] as Json)) {
      keys.push({ path: `${path}.${key}`, key });
      walk(child, `${path}.${key}`, keys, open);
    }
  }
  for (const k of ['items', 'prefixItems', 'anyOf', 'oneOf', 'allOf', 'not', 'additionalProperties', '$defs', 'definitions']) {
    if (k === 'additionalProperties' && typeof s[k] !== 'object') continue;
    if (k === '$defs' || k === 'definitions') {
      for (const [name, def] of Object.entries((s[k] as Json | undefined) ?? {})) walk(def, `${path}#${name}`, keys, open);
      continue;
    }
    if (s[k] !== undefined) walk(s[k], `${path}/${k}`, keys, open);
  }
}

/** What is wrong with an answer schema: forbidden keys and open objects, anywhere in it. */
function problems(schema: z.ZodType): string[] {
  // The output side holds what is sent; the input side tells a strict object (additionalProperties: false)
  // from a stripping one (the output side closes both).
  const keys: { path: string; key: string }[] = [];
  walk(z.toJSONSchema(schema, { io: 'output', unrepresentable: 'any' }), '', keys, []);
  const open: string[] = [];
  walk(z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }), '', keys, open);
  const forbidden = [...new Set(keys.filter((k) => forbiddenKey(k.key)).map((k) => `forbidden key ${k.path}`))];
  return [...forbidden, ...open.map((p) => `object at ${p} is not strict (z.strictObject)`)];
}

/** The answer schemas of a route: `schema.response[status]` (a zod schema, or `{ content: { type: { schema } } }`). */
function answerSchemas(route: RouteOptions): [string, z.ZodType][] {
  const response = (route.schema as { response?: Record<string, unknown> } | undefined)?.response ?? {};
  const out: [string, z.ZodType][] = [];
  for (const [status, value] of Object.entries(response)) {
    if (value instanceof z.ZodType) out.push([status, value]);
    else if (value && typeof value === 'object' && 'content' in value) {
      for (const [type, c] of Object.entries((value as { content: Record<string, { schema?: unknown }> }).content)) {
        if (c.schema instanceof z.ZodType) out.push([`${status} ${type}`, c.schema]);
      }
    }
  }
  return out;
}

describe('employer portal answers carry only what a deduction needs', () => {
  it('recognises the forbidden keys (and lets the needed ones through)', () => {
    for (const k of [
      'ssn',
      'social_security_number',
      'balance_cents',
      'principal_cents',
      'payoff_cents',
      'apr',
      'annual_rate_percent',
      'interest_cents',
      'amount_financed_cents',
      'loan_amount',
      'credit_score',
      'bank_account_id',
      'account_number',
      'routing_number',
      'date_of_birth',
      'monthly_income',
      'income_range',
    ]) {
      expect(forbiddenKey(k), k).toBe(true);
    }
    for (const k of [
      'employee_name',
      'employee_id',
      'deduction_cents',
      'first_pay_date',
      'last_pay_date',
      'pay_date',
      'remitted_cents',
      'deducted_cents',
      'employer_name',
      'email',
      'status',
      'separated_on',
      'generated_at',
    ]) {
      expect(forbiddenKey(k), k).toBe(false);
    }
  });

  it('finds a forbidden key or an open object however deep it sits', () => {
    expect(problems(z.strictObject({ rows: z.array(z.strictObject({ employee_name: z.string(), deduction_cents: z.number() })) }))).toEqual([]);
    expect(problems(z.strictObject({ rows: z.array(z.strictObject({ loan: z.strictObject({ balance_cents: z.number() }).nullable() })) }))).toEqual([
      'forbidden key .rows/items.loan/anyOf[0].balance_cents',
    ]);
    expect(problems(z.strictObject({ rows: z.array(z.object({ employee_name: z.string() })) }))).toHaveLength(1);
    expect(problems(z.union([z.strictObject({ a: z.string() }), z.strictObject({ ssn: z.string() })]))).toHaveLength(1);
  });

  it('no answer schema of a portal route has a forbidden key or an open object', () => {
    const routes = app.routeTable.filter((r: RouteOptions) => r.url.startsWith('/api/employer_portal/'));
    expect(routes.some((r) => r.url === '/api/employer_portal/me')).toBe(true);
    const failures: string[] = [];
    for (const route of routes) {
      for (const [status, schema] of answerSchemas(route)) {
        failures.push(...problems(schema).map((p) => `${String(route.method)} ${route.url} ${status}: ${p}`));
      }
    }
    expect(failures).toEqual([]);
  });
});
