import { isIsoDate } from '@payrail/domain/dates';
import { z } from 'zod';

/** The message a {@link ZIsoDate} refuses a value with (a field with its own message: {@link isoDate}). */
export const ISO_DATE_MSG = 'must be a YYYY-MM-DD date';

/**
 * A calendar day on the wire, `YYYY-MM-DD` naming a real date (the domain's `isIsoDate`), marked
 * (`unit: 'date'`) so a client can tell a day from the schema itself ({@link isIsoDateSchema}), as it tells
 * money by {@link ZCents}'s mark. For a field that keeps a message of its own (the spec's or a form's);
 * every other day is {@link ZIsoDate}. `error` may depend on the text refused; `blank`: the message when
 * the value is missing or not a string.
 */
export function isoDate(error: string | ((text: string) => string) = ISO_DATE_MSG, blank?: string) {
  return z
    .string(blank === undefined ? undefined : { error: blank })
    .refine((v): boolean => isIsoDate(v), { error: typeof error === 'string' ? error : (issue) => error(String(issue.input)) })
    .meta({ unit: 'date' });
}

/** Every ISO-day field of the contract (or its `.nullable()` / `.optional()`). */
export const ZIsoDate = isoDate();

/** True when `schema` is a day ({@link isoDate}), possibly nullable, optional or with a default. */
export function isIsoDateSchema(schema: z.ZodType | undefined): boolean {
  let s: z.ZodType | undefined = schema;
  while (s instanceof z.ZodNullable || s instanceof z.ZodOptional || s instanceof z.ZodDefault) s = s.unwrap() as z.ZodType;
  return s instanceof z.ZodString && z.globalRegistry.get(s)?.unit === 'date';
}
