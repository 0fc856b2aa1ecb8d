/**
 * Text-field basics shared by the field rules: trimming ("Text fields trimmed", classic §5) and
 * required / maximum-length checks. Lengths count UTF-16 code units, like an HTML `maxlength`.
 */
import { invalid, valid } from './result';
import type { Validation } from './result';

/** Failure codes of {@link checkText}. */
export type TextCode = 'required' | 'too_long';

/** Options of {@link checkText}. */
export interface TextRule {
  /** When true an empty (after trimming) value fails with `required`; otherwise it passes as `''`. */
  readonly required: boolean;
  /** Maximum length after trimming; absent means no limit. */
  readonly max?: number;
}

/** Trims surrounding whitespace (every text field is trimmed before it is checked or stored). */
export function normalizeText(text: string): string {
  return text.trim();
}

/** Trims `text`, then checks it is present (when required) and not longer than `max`. */
export function checkText(text: string, rule: TextRule): Validation<string, TextCode> {
  const value = normalizeText(text);
  if (value === '') return rule.required ? invalid('required') : valid('');
  if (rule.max !== undefined && value.length > rule.max) return invalid('too_long');
  return valid(value);
}
