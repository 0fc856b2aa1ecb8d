import { fieldMessage } from '@payrail/contract/application';
import { FIELD_MSG } from '@payrail/contract/messages';
import { utcDay } from '@payrail/domain/dates';
import { validateDateOfBirth } from '@payrail/domain/validation/date-of-birth';

export interface FieldOption {
  value: string;
  label: string;
}

/** One editable field of a review section. */
export interface EditableField {
  name: string;
  label: string;
  kind: 'text' | 'select';
  mask?: string;
  optional?: boolean;
  maxLength?: number;
  autoComplete?: string;
  inputMode?: 'numeric' | 'text';
  options?: readonly FieldOption[];
  /** Client check before saving; the server's text is shown when it refuses. */
  validate?: (value: string) => string | undefined;
  /** How the saved value reads in the section's summary. */
  display?: (value: string) => string;
}

export function validateDob(value: string): string | undefined {
  if (value.trim() === '') return FIELD_MSG.blank;
  const result = validateDateOfBirth(value, utcDay(new Date()));
  return result.ok ? undefined : fieldMessage(result.code);
}

export const validateZip = (value: string): string | undefined =>
  value.trim() === '' ? FIELD_MSG.blank : /^\d{5}$/.test(value.trim()) ? undefined : FIELD_MSG.invalid;

/** Required text with an optional length cap (server messages, verbatim). */
export const required =
  (max?: number) =>
  (value: string): string | undefined => {
    if (value.trim() === '') return FIELD_MSG.blank;
    if (max !== undefined && value.trim().length > max) return FIELD_MSG.tooLong(max);
    return undefined;
  };

export const upTo =
  (max: number) =>
  (value: string): string | undefined =>
    value.trim().length > max ? FIELD_MSG.tooLong(max) : undefined;

/** First error of a set of fields, by name. */
export function validateAll(fields: readonly EditableField[], values: Record<string, string>): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const field of fields) {
    const message = field.validate?.(values[field.name] ?? '');
    if (message) errors[field.name] = message;
  }
  return errors;
}
