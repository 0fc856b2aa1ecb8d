import { FIELD_MSG } from '@payrail/contract/messages';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../errors';

/** NUL, and UTF-16 halves without their partner: PostgreSQL refuses both in text and jsonb. */
// eslint-disable-next-line no-control-regex -- NUL is exactly what this rule looks for
const UNSTORABLE = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** True when a string cannot be stored as PostgreSQL text (NUL or a lone surrogate). */
export const isUnstorable = (s: string): boolean => UNSTORABLE.test(s);

/** The largest id a PostgreSQL `integer`/`serial` column holds. */
export const MAX_ID = 2_147_483_647;
const ID_KEY = /(^id$|_id$|[a-z]Id$)/;
const DIGITS = /^\s*[-+]?\d+\s*$/;

/**
 * The path of the first id out of the database's range: a number under a key named like an id
 * (`id`, `state_id`, `userId`), or in path/query parameters (`coerceDigits`) a digit string there.
 */
export function findIdOutOfRange(value: unknown, coerceDigits: boolean, path: PropertyKey[] = [], depth = 0): PropertyKey[] | null {
  if (value === null || typeof value !== 'object' || depth > 64) return null;
  for (const [key, v] of Object.entries(value)) {
    if (ID_KEY.test(key)) {
      const n = typeof v === 'number' ? v : coerceDigits && typeof v === 'string' && DIGITS.test(v) ? Number(v) : null;
      if (n !== null && Number.isFinite(n) && Math.abs(n) > MAX_ID) return [...path, Array.isArray(value) ? Number(key) : key];
    }
    const found = findIdOutOfRange(v, coerceDigits, [...path, Array.isArray(value) ? Number(key) : key], depth + 1);
    if (found) return found;
  }
  return null;
}

/** The path of the first unstorable string (or object key) in a parsed value; null when all are fine. */
export function findUnstorable(value: unknown, path: PropertyKey[] = [], depth = 0): PropertyKey[] | null {
  if (typeof value === 'string') return isUnstorable(value) ? path : null;
  if (value === null || typeof value !== 'object' || depth > 64) return null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = findUnstorable(value[i], [...path, i], depth + 1);
      if (found) return found;
    }
    return null;
  }
  for (const [key, v] of Object.entries(value)) {
    if (isUnstorable(key)) return [...path, key];
    const found = findUnstorable(v, [...path, key], depth + 1);
    if (found) return found;
  }
  return null;
}

/** True for an object with no enumerable key (a GET's `{}` params and query): nothing in it to look at. */
const isEmptyObject = (o: object): boolean => {
  for (const _ in o) return false;
  return true;
};

/** The path of the first unstorable string or out-of-range id in one part of the request; null when there is none. */
const badInput = (part: unknown, fromUrl: boolean): PropertyKey[] | null =>
  part === undefined || part === null || (typeof part === 'object' && isEmptyObject(part)) ? null : (findUnstorable(part) ?? findIdOutOfRange(part, fromUrl));

/**
 * One input rule for every route: a string anywhere in the body, query or path parameters with a NUL
 * or a lone surrogate, or an id beyond the database's integer range, is a 422 on that field, before
 * validation and before any handler runs (the database would refuse it half-way through a use case). The field is named the way the route names
 * its validation errors (`config.fieldKey`).
 */
export function registerInputGuard(app: FastifyInstance): void {
  // A callback hook (every request passes here; an async one cost each a promise and a microtask turn).
  app.addHook('preValidation', (req, _reply, done) => {
    const path = badInput(req.params, true) ?? badInput(req.query, true) ?? badInput(req.body, false);
    if (!path) return done();
    const keyFor = req.routeOptions.config.fieldKey ?? ((p: readonly PropertyKey[]) => p.map(String).join('.') || 'base');
    done(AppError.fields({ [keyFor(path)]: [FIELD_MSG.invalid] }));
  });
}
