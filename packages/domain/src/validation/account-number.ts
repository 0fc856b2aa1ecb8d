/**
 * Bank account numbers (classic §5 "account number up to 20"): one to twenty digits. US account
 * numbers are usually 4–17 digits, but the spec's limit is 20 and is what we enforce.
 */
import { maskAllButLast } from './mask';
import { invalid, valid } from './result';
import type { Validation } from './result';

/** Maximum length of an account number (classic §5). */
export const ACCOUNT_NUMBER_MAX = 20;

/** Validates an account number (surrounding whitespace ignored): 1–20 digits, returned as typed. */
export function validateAccountNumber(text: string): Validation<string, 'account_number_invalid'> {
  const digits = text.trim();
  return /^\d+$/.test(digits) && digits.length <= ACCOUNT_NUMBER_MAX ? valid(digits) : invalid('account_number_invalid');
}

/** Masks an account number for display, keeping the last four digits (`'*****6789'`). */
export function maskAccountNumber(digits: string): string {
  return maskAllButLast(digits, 4);
}
