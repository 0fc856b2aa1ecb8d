import { z } from 'zod';

/**
 * An amount of money on the wire: integer cents (the domain's `Cents`). New money fields of the
 * contract are a `ZCents` (or its `.nullable()` / `.optional()`), so a client that shows a response can
 * tell money from the schema itself ({@link isCentsSchema}) instead of guessing by field names. Every
 * money field of the contract is one (issue #28; `wire-types.test.ts` fails on a plain number named
 * like money). Keep it unchained: `ZCents.nullable()` / `.optional()` wrap it; a bound goes in a check,
 * `ZCents.check(z.nonnegative(), z.lte(100_000_000))`, which keeps the mark (zod 4 carries a schema's
 * metadata to the schemas derived from it; the test checks the mark on every field, bounded or not).
 */
export const ZCents = z.number().int().meta({ unit: 'cents' });

/**
 * A {@link ZCents} for a request field that keeps its own message (`error`: not a whole number), or
 * reads a query string (`coerce`). Bounds go in a `.check(...)` as on ZCents.
 */
export function cents(error: string) {
  return z.number({ error }).int(error).meta({ unit: 'cents' });
}
/** {@link cents} from a query string's text. */
export function coercedCents(error: string) {
  return z.coerce.number({ error }).int(error).meta({ unit: 'cents' });
}

/** True when `schema` is a {@link ZCents}, possibly nullable, optional or with a default. */
export function isCentsSchema(schema: z.ZodType | undefined): boolean {
  let s: z.ZodType | undefined = schema;
  while (s instanceof z.ZodNullable || s instanceof z.ZodOptional || s instanceof z.ZodDefault) s = s.unwrap() as z.ZodType;
  return s !== undefined && z.globalRegistry.get(s)?.unit === 'cents';
}

/** The keys of an object schema whose values are money ({@link ZCents}). */
export function centsKeys(schema: z.ZodObject): ReadonlySet<string> {
  return new Set(
    Object.entries(schema.shape)
      .filter(([, field]) => isCentsSchema(field as z.ZodType))
      .map(([key]) => key),
  );
}
