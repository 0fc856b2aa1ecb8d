import { z } from 'zod';

/**
 * An amount of money on the wire: integer cents (the domain's `Cents`). New money fields of the
 * contract are a `ZCents` (or its `.nullable()` / `.optional()`), so a client that shows a response can
 * tell money from the schema itself ({@link isCentsSchema}) instead of guessing by field names; many
 * older ones are still a plain `z.number().int()` (issue #28 types them all).
 * Keep it unchained (`ZCents.nullable()` is fine; `ZCents.min(0)` would lose the mark).
 */
export const ZCents = z.number().int().meta({ unit: 'cents' });

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
