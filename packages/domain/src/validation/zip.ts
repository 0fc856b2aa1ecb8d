/** ZIP codes (classic §5, new flow §5 "zip 5 digits"). ZIP+4 is not accepted: the field holds five digits. */
import { invalid, valid } from './result';
import type { Validation } from './result';

/** Validates a ZIP code: exactly five digits (surrounding whitespace ignored). */
export function validateZip(text: string): Validation<string, 'zip_invalid'> {
  const value = text.trim();
  return /^\d{5}$/.test(value) ? valid(value) : invalid('zip_invalid');
}
