import { z } from 'zod';
import type { FieldValues } from 'react-hook-form';
import { validate } from '../lib/feedback-form';
import type { RuleContext, Values } from '../lib/feedback-form';

/**
 * The reviewer-feedback form on the kit's `Form`. Its inputs keep their flat wire-like names
 * (`zip_code`, `ref.0.phone`, `bank.account_type`); react-hook-form holds a dotted name as a path
 * (`ref` → `[ { phone } ]`), so the values are flattened for the rules of `../lib/feedback-form` and
 * nested for the form's defaults.
 */

/** The form's values as react-hook-form holds them (dotted names nested). */
export type FeedbackFormValues = FieldValues;

/** `{ ref: [{ phone: '1' }], bank: { account_type: 'savings' } }` → `{ 'ref.0.phone': '1', 'bank.account_type': 'savings' }`. */
export function flatValues(values: unknown, prefix = ''): Values {
  const flat: Values = {};
  if (values === null || values === undefined) return flat;
  if (typeof values !== 'object') {
    if (prefix) flat[prefix] = String(values);
    return flat;
  }
  for (const [key, value] of Object.entries(values as Record<string, unknown>)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (value !== null && typeof value === 'object') Object.assign(flat, flatValues(value, path));
    else flat[path] = value === null || value === undefined ? '' : String(value);
  }
  return flat;
}

/** The inverse of {@link flatValues}: a numeric segment opens an array, as react-hook-form reads the path. */
export function nestValues(flat: Values): FeedbackFormValues {
  const root: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(flat)) {
    const parts = key.split('.');
    let node: Record<string, unknown> | unknown[] = root;
    parts.forEach((part, index) => {
      const last = index === parts.length - 1;
      const slot = node as Record<string, unknown>;
      if (last) {
        slot[part] = value;
        return;
      }
      slot[part] ??= /^\d+$/.test(parts[index + 1] ?? '') ? [] : {};
      node = slot[part] as Record<string, unknown> | unknown[];
    });
  }
  return root;
}

/**
 * The schema of the form: every flagged input under the rules of spec §5 (`validate`), each message on its
 * input. The rules read the moment's context (today, the states we lend in, the chosen employer, the
 * masked account number), hence the getter.
 */
export function feedbackFormSchema(context: () => RuleContext) {
  return z
    .custom<FeedbackFormValues>((value) => typeof value === 'object' && value !== null)
    .superRefine((values, ctx) => {
      for (const [key, message] of Object.entries(validate(flatValues(values), context()))) {
        if (message) ctx.addIssue({ code: 'custom', path: key.split('.'), message });
      }
    });
}
