import type { FastifySerializerCompiler } from 'fastify';
import fastJson from 'fast-json-stringify';
import { ResponseSerializationError } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { $ZodType, safeParse } from 'zod/v4/core';

type JsonSchema = Record<string, unknown>;

/** The JSON Schema keywords a response schema may use to be written by a compiled writer (all others: JSON.stringify). */
const PLAIN_TYPES = new Set(['string', 'number', 'integer', 'boolean', 'null']);
/** Keywords that only describe or constrain values (zod has checked them already): the writer ignores them. */
const ANNOTATIONS = new Set([
  '$schema',
  'description',
  'title',
  'format',
  'pattern',
  'minLength',
  'maxLength',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'multipleOf',
  'minItems',
  'maxItems',
  'default',
  'examples',
  'readOnly',
  'writeOnly',
  // The contract's marks (`ZCents`, `ZIsoDate`: `.meta({ unit })`) describe a value, never how it is written.
  'unit',
]);

/**
 * A copy of `schema` a compiled writer writes exactly as JSON.stringify would write a value zod has already
 * parsed with it, or null when the schema is not that simple. Allowed: strings, numbers, integers, booleans,
 * null, string enums and constants, objects with listed properties and no others, arrays of one item schema,
 * and "this or null" (zod's nullable: a type list, or fast-json-stringify's `nullable` on an object or array). Everything else (unions, records, tuples,
 * references, intersections) stays on JSON.stringify.
 */
function plainSchema(schema: unknown): JsonSchema | null {
  if (schema === null || typeof schema !== 'object' || Array.isArray(schema)) return null;
  const s = schema as JsonSchema;
  // zod's nullable: anyOf [X, { type: 'null' }] (or a type list, below): written as X, or null.
  if (Array.isArray(s.anyOf) && Object.keys(s).every((k) => k === 'anyOf' || ANNOTATIONS.has(k))) {
    const branches = s.anyOf as unknown[];
    const isNull = (b: unknown) => b !== null && typeof b === 'object' && (b as JsonSchema).type === 'null' && Object.keys(b).length === 1;
    const other = branches.filter((b) => !isNull(b));
    if (branches.length !== 2 || other.length !== 1) return null;
    const inner = plainSchema(other[0]);
    if (!inner || typeof inner.type !== 'string') return null;
    return inner.type === 'object' || inner.type === 'array' ? { ...inner, nullable: true } : { type: [inner.type, 'null'] };
  }
  if (Array.isArray(s.type)) {
    // A type list: one plain type and null (zod writes a nullable string, number or boolean so).
    const types = s.type as unknown[];
    const other = types.filter((t) => t !== 'null');
    if (types.length !== 2 || other.length !== 1 || typeof other[0] !== 'string' || !PLAIN_TYPES.has(other[0])) return null;
    const inner = plainSchema({ ...s, type: other[0] });
    return inner ? { type: [inner.type, 'null'] } : null;
  }
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(s)) {
    if (ANNOTATIONS.has(key)) continue;
    switch (key) {
      case 'type':
        if (typeof value !== 'string' || !(PLAIN_TYPES.has(value) || value === 'object' || value === 'array')) return null;
        out.type = value;
        break;
      case 'enum':
      case 'const':
        break; // checked below
      case 'properties':
      case 'required':
      case 'additionalProperties':
      case 'items':
        break; // checked with the type
      default:
        return null;
    }
  }
  if (out.type === undefined) return null;
  if ('enum' in s || 'const' in s) {
    // String enums and literals only: zod has checked the value is one of them, and it is written as any string.
    const values = 'enum' in s ? s.enum : [s.const];
    if (out.type !== 'string' || !Array.isArray(values) || !values.every((v) => typeof v === 'string')) return null;
    return { type: 'string' };
  }
  if (out.type === 'object') {
    if (s.additionalProperties !== false || s.properties === null || typeof s.properties !== 'object') return null;
    const properties: JsonSchema = {};
    for (const [name, property] of Object.entries(s.properties as JsonSchema)) {
      const plain = plainSchema(property);
      if (!plain) return null;
      properties[name] = plain;
    }
    // No `required`: fast-json-stringify writes required properties before the others, which would reorder
    // the keys; zod has already checked every required one is there, and each is written when not undefined.
    return { type: 'object', properties, additionalProperties: false };
  }
  if ('properties' in s || 'required' in s || 'additionalProperties' in s) return null;
  if (out.type === 'array') {
    const items = plainSchema(s.items);
    return items ? { type: 'array', items } : null;
  }
  if ('items' in s) return null;
  return out;
}

/** The compiled writer for a zod response schema, or null when JSON.stringify has to write it (plainSchema). */
export function compiledWriter(schema: $ZodType): ((value: unknown) => string) | null {
  let json: unknown;
  try {
    json = z.toJSONSchema(schema as z.ZodType, { io: 'output', unrepresentable: 'throw', target: 'draft-7' });
  } catch {
    return null; // dates, transforms, bigints and the like
  }
  const plain = plainSchema(json);
  return plain ? (fastJson(plain as unknown as Parameters<typeof fastJson>[0]) as (value: unknown) => string) : null;
}

function resolveSchema(maybeSchema: unknown): $ZodType {
  if (maybeSchema instanceof $ZodType) return maybeSchema;
  if (maybeSchema !== null && typeof maybeSchema === 'object' && 'properties' in maybeSchema && maybeSchema.properties instanceof $ZodType)
    return maybeSchema.properties;
  throw new Error(`not a zod schema: ${JSON.stringify(maybeSchema)}`);
}

/**
 * The response serializer: fastify-type-provider-zod's (the answer is parsed with the route's zod schema,
 * which strips unknown keys and refuses a wrong shape with a ResponseSerializationError, a 500), except
 * that the parsed value is written by a writer compiled once per route and status from the schema
 * (fast-json-stringify) instead of JSON.stringify, when the schema is simple enough (plainSchema) — about
 * twice as fast as JSON.stringify on a list. zod's check stays on every answer in every environment: the
 * writer only ever sees a value of the schema's shape. `verify` (outside production: tests, development)
 * also writes the value with JSON.stringify and fails the answer when the two differ, so every answer the
 * tests make proves the writer right for its route. Compiled on a route's first answer, not at start-up.
 */
export function createSerializerCompiler({ verify }: { verify: boolean }): FastifySerializerCompiler<unknown> {
  return ({ schema: maybeSchema, method, url }) => {
    const schema = resolveSchema(maybeSchema);
    let writer: ((value: unknown) => string) | null | undefined;
    return (data: unknown) => {
      const result = safeParse(schema, data);
      if (result.error) throw new ResponseSerializationError(method, url, { cause: result.error });
      if (writer === undefined) writer = compiledWriter(schema);
      if (writer === null) return JSON.stringify(result.data);
      const written = writer(result.data);
      if (verify && written !== JSON.stringify(result.data)) {
        throw new Error(`${method} ${url}: the compiled response writer wrote ${written}, JSON.stringify ${JSON.stringify(result.data)}`);
      }
      return written;
    };
  };
}
