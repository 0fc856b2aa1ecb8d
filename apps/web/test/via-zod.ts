import type { z } from 'zod';
import type { Validation } from '@payrail/ui/validated-form';

/**
 * What react-hook-form's zod resolver shows for `input`: per field, the first issue's message; or the parsed
 * values. The rules tests compare a form's zod-free validation with it.
 */
export function viaZod<T>(schema: z.ZodType<T>, input: unknown): Validation<T> {
  const result = schema.safeParse(input);
  if (result.success) return { values: result.data };
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) errors[issue.path.join('.')] ??= issue.message;
  return { errors };
}

/**
 * The texts a trimmed, length-limited message field is checked with: empty, blank, and at, over and padded
 * around its limit of `max` characters.
 */
export function blankAndLimitTexts(max: number): string[] {
  const long = 'a'.repeat(max);
  return ['', ' ', '\n\t ', long, `${long}a`, `  ${long}  `, ` ${long}a `];
}
