/**
 * Referral codes (new flow §5/§9): optional; when given (after trimming) longer than 3 characters.
 * Whether the code exists is the server's check ("This referral code does not exist.").
 */
import { invalid, valid } from './result';
import type { Validation } from './result';

/** A referral code must be longer than this many characters. */
export const REFERRAL_CODE_MIN_EXCLUSIVE = 3;

/** Validates an optional referral code: `null` when empty, the trimmed code when longer than 3 characters. */
export function validateReferralCode(text: string): Validation<string | null, 'referral_code_too_short'> {
  const value = text.trim();
  if (value === '') return valid(null);
  return value.length > REFERRAL_CODE_MIN_EXCLUSIVE ? valid(value) : invalid('referral_code_too_short');
}
