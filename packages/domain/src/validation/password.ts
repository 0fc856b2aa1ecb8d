/**
 * Passwords (access §5, new flow §5): at least 8 characters, a digit, a lowercase letter and an
 * uppercase letter, and no spaces (any whitespace). Letters are ASCII letters. The repeat must match.
 */
import { invalid, valid } from './result';
import type { Validation } from './result';

/** Minimum password length (new flow §9). */
export const PASSWORD_MIN_LENGTH = 8;

/** Failure codes of {@link validatePassword}, in the order they are checked. */
export type PasswordCode = 'password_has_space' | 'password_too_short' | 'password_missing_digit' | 'password_missing_lowercase' | 'password_missing_uppercase';

/** Each rule of the live rule display, true when met. */
export interface PasswordChecks {
  /** No whitespace anywhere. */
  readonly noSpaces: boolean;
  /** At least 8 characters. */
  readonly minLength: boolean;
  /** At least one digit 0–9. */
  readonly digit: boolean;
  /** At least one lowercase letter a–z. */
  readonly lowercase: boolean;
  /** At least one uppercase letter A–Z. */
  readonly uppercase: boolean;
}

/** Evaluates every password rule (for the live rule display). */
export function passwordChecks(password: string): PasswordChecks {
  return {
    noSpaces: !/\s/.test(password),
    minLength: password.length >= PASSWORD_MIN_LENGTH,
    digit: /\d/.test(password),
    lowercase: /[a-z]/.test(password),
    uppercase: /[A-Z]/.test(password),
  };
}

/** Validates a password (never trimmed: a space is an error, not padding); returns the first failure. */
export function validatePassword(password: string): Validation<string, PasswordCode> {
  const c = passwordChecks(password);
  if (!c.noSpaces) return invalid('password_has_space');
  if (!c.minLength) return invalid('password_too_short');
  if (!c.digit) return invalid('password_missing_digit');
  if (!c.lowercase) return invalid('password_missing_lowercase');
  if (!c.uppercase) return invalid('password_missing_uppercase');
  return valid(password);
}

/** The repeat must equal the password exactly (`password_mismatch`). */
export function validatePasswordConfirmation(password: string, confirmation: string): Validation<string, 'password_mismatch'> {
  return password === confirmation ? valid(password) : invalid('password_mismatch');
}
