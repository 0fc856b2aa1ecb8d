/**
 * Social Security numbers (classic §5, new flow §5).
 *
 * Rules and where they come from:
 * - SPEC (both flows): nine digits, typed as `###-##-####` or as nine bare digits.
 * - SPEC (both flows): the area (first three digits) is not `000`.
 * - SPEC (classic §5): the area is not in the excluded 9xx group, which the spec defines as a 9
 *   followed by a second digit 0–4, 6 or 8 — i.e. 900–949, 960–969 and 980–989 are rejected while
 *   950–959, 970–979 and 990–999 pass. The new-flow spec says only "area numbers 900-999 excluded in
 *   certain forms": pass `{ nineHundreds: 'all' }` for those forms to reject every 9xx area.
 * - SSA EXTRA (not in the spec): the area is not `666`, the group (digits 4–5) is not `00` and the
 *   serial (digits 6–9) is not `0000` — the Social Security Administration never issues these.
 *
 * Both failures of the spec share one message per flow, so every rule returns the code `ssn_invalid`;
 * `rule` says which check failed (for logs and tests, never shown).
 */
import { invalid, valid } from './result';
import type { Invalid, Valid, Validation } from './result';

/** Which SSN check failed. */
export type SsnRule = 'format' | 'area_000' | 'area_9xx' | 'area_666' | 'group_00' | 'serial_0000';

/** A failed SSN check: one code, plus the rule that failed. */
export interface SsnInvalid extends Invalid<'ssn_invalid'> {
  /** The check that failed. */
  readonly rule: SsnRule;
}

/** The result of {@link validateSsn}: the nine digits, or `ssn_invalid` with its rule. */
export type SsnValidation = Valid<string> | SsnInvalid;

/** Options of {@link validateSsn}. */
export interface SsnOptions {
  /**
   * `'spec'` (default): reject the spec's 9xx group (second digit 0–4, 6 or 8).
   * `'all'`: reject every area 900–999 (SSA never issues them; ITINs live there).
   */
  readonly nineHundreds?: 'spec' | 'all';
}

const SSN_RE = /^(?:(\d{3})-(\d{2})-(\d{4})|(\d{3})(\d{2})(\d{4}))$/;

/** The second digits of a 9xx area that the spec excludes. */
const EXCLUDED_9XX_SECOND_DIGITS = new Set(['0', '1', '2', '3', '4', '6', '8']);

function fail(rule: SsnRule): SsnInvalid {
  return { ...invalid('ssn_invalid'), rule };
}

/**
 * Validates an SSN typed as `123-45-6789` or `123456789` (surrounding whitespace ignored) and returns
 * its nine digits. See the module comment for which rules are the spec's and which are SSA extras.
 */
export function validateSsn(text: string, options: SsnOptions = {}): SsnValidation {
  const m = SSN_RE.exec(text.trim());
  if (!m) return fail('format');
  const area = (m[1] ?? m[4]) as string;
  const group = (m[2] ?? m[5]) as string;
  const serial = (m[3] ?? m[6]) as string;
  if (area === '000') return fail('area_000');
  if (area[0] === '9' && (options.nineHundreds === 'all' || EXCLUDED_9XX_SECOND_DIGITS.has(area[1] as string))) return fail('area_9xx');
  if (area === '666') return fail('area_666');
  if (group === '00') return fail('group_00');
  if (serial === '0000') return fail('serial_0000');
  return valid(area + group + serial);
}

/** The digits of an SSN as typed (dashes, spaces and anything else dropped). */
export function ssnDigits(text: string): string {
  return text.replace(/\D/g, '');
}

/**
 * The confirmation rule: the repeated SSN has the same digits as the first entry. The classic screen
 * checks it once nine digits are typed in the confirmation; a server checks it on submit.
 */
export function validateSsnConfirmation(ssn: string, confirmation: string): Validation<string, 'ssn_confirmation_mismatch'> {
  const digits = ssnDigits(ssn);
  return digits === ssnDigits(confirmation) ? valid(digits) : invalid('ssn_confirmation_mismatch');
}

/**
 * Masks an SSN for display as `xxx-xx-1234` (classic §9, dashboard personal information): only the
 * last four digits stay visible. Input with fewer than four digits masks everything (`xxx-xx-xxxx`).
 */
export function maskSsn(text: string): string {
  const digits = ssnDigits(text);
  return `xxx-xx-${digits.length >= 4 ? digits.slice(-4) : 'xxxx'}`;
}

/** Formats nine digits as `###-##-####` (the input mask); other input is returned unchanged. */
export function formatSsn(text: string): string {
  const digits = ssnDigits(text);
  return digits.length === 9 ? `${digits.slice(0, 3)}-${digits.slice(3, 5)}-${digits.slice(5)}` : text;
}
