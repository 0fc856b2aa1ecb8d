/**
 * The access contract's plain rules (no zod): the e-mail pattern, the password rules and the referral
 * code's bound. `identity.ts` builds its schemas from these and re-exports them; the public sign-in and
 * sign-up pages import this module so their first load carries no schema library (docs/architecture.md).
 */
export { REFERRAL_CODE_MIN_EXCLUSIVE } from '@payrail/domain/validation/referral-code';

export const PASSWORD_MIN = 8;

/** The spec's "standard pattern" for e-mail. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;

/** Password rules, each with the text the live rule display shows. */
export const PASSWORD_RULES = [
  { id: 'length', label: 'At least 8 characters', test: (p: string) => p.length >= PASSWORD_MIN },
  { id: 'digit', label: 'A number', test: (p: string) => /\d/.test(p) },
  { id: 'lower', label: 'A lowercase letter', test: (p: string) => /[a-z]/.test(p) },
  { id: 'upper', label: 'An uppercase letter', test: (p: string) => /[A-Z]/.test(p) },
  { id: 'spaces', label: 'No spaces', test: (p: string) => !/\s/.test(p) },
] as const;

export const passwordIsValid = (p: string): boolean => PASSWORD_RULES.every((r) => r.test(p));
