import { EMAIL_PATTERN, REFERRAL_CODE_MIN_EXCLUSIVE, passwordIsValid } from '@payrail/contract/identity-rules';
import { MSG } from '@payrail/contract/messages';
import type { TState } from '@payrail/contract/reference';
import type { Validation } from '@payrail/ui/validated-form';

/**
 * The rules of the public sign-in and sign-up forms (spec §5) as plain functions, without a schema
 * library: these pages are the first load of most visitors (docs/architecture.md). Each field answers
 * its first failed rule, in the order the zod schemas of `../components/*.schema.ts` check them
 * (form-rules.test.ts holds the two to the same answers).
 */

export const REFERRAL_TOO_SHORT = `A referral code has more than ${REFERRAL_CODE_MIN_EXCLUSIVE} characters.`;
export const PASSWORD_RULES_UNMET = 'The password does not meet every rule below.';
export const TERMS_REQUIRED = 'Accept the privacy notice and the electronic communications consent to continue.';

/** An e-mail field: trimmed, required, the spec's pattern. The message of its first failed rule, or null. */
export function emailProblem(raw: string): string | null {
  const email = raw.trim();
  if (email.length < 1) return MSG.required;
  if (!EMAIL_PATTERN.test(email)) return MSG.invalidEmail;
  return null;
}

/** A new password: required, then every rule of the live display. */
export function newPasswordProblem(password: string): string | null {
  if (password.length < 1) return MSG.required;
  if (!passwordIsValid(password)) return PASSWORD_RULES_UNMET;
  return null;
}

export function answer<T>(values: T, errors: Record<string, string>): Validation<T> {
  return Object.keys(errors).length === 0 ? { values } : { errors };
}

export interface SigninFormValues {
  email: string;
  password: string;
}

/** Sign-in: a valid e-mail and a password (spec §5: continue needs a valid e-mail). */
export function validateSignin(input: SigninFormValues): Validation<SigninFormValues> {
  const errors: Record<string, string> = {};
  const email = emailProblem(input.email);
  if (email) errors.email = email;
  if (input.password.length < 1) errors.password = MSG.required;
  return answer({ email: input.email.trim(), password: input.password }, errors);
}

export interface SignupFormInput {
  email: string;
  password: string;
  password_confirmation: string;
  friend_refer_code: string;
  terms: boolean;
}
export type SignupFormValues = SignupFormInput;

export const signupFormDefaults: SignupFormInput = { email: '', password: '', password_confirmation: '', friend_refer_code: '', terms: false };

/** Sign-up step 2 with e-mail and password (spec §5). */
export function validateSignup(input: SignupFormInput): Validation<SignupFormValues> {
  const errors: Record<string, string> = {};
  const email = emailProblem(input.email);
  if (email) errors.email = email;
  const password = newPasswordProblem(input.password);
  if (password) errors.password = password;
  if (input.password_confirmation.length < 1) errors.password_confirmation = MSG.required;
  const referral = input.friend_refer_code.trim();
  if (referral !== '' && referral.length <= REFERRAL_CODE_MIN_EXCLUSIVE) errors.friend_refer_code = REFERRAL_TOO_SHORT;
  if (!input.terms) errors.terms = TERMS_REQUIRED;
  // Checked with the fields, and reported under the confirmation when it has no message of its own.
  if (input.password !== input.password_confirmation) errors.password_confirmation ??= MSG.passwordMismatch;
  return answer({ ...input, email: input.email.trim(), friend_refer_code: referral }, errors);
}

/** Sign-up step 1: a state must be chosen (`value` is its id, '' for none), and Payrail must lend there. */
export function stateOfResidenceProblem(states: readonly TState[], value: string): string | null {
  if (value.length < 1) return MSG.stateBlank;
  if (states.find((state) => String(state.id) === value)?.is_available !== true) return MSG.stateUnavailable;
  return null;
}

/** Sign-up step 1 as a form: the chosen state (the form holds its id as text). */
export function validateStateOfResidence(states: readonly TState[], input: { state_id: string }): Validation<{ state: TState }> {
  const problem = stateOfResidenceProblem(states, input.state_id);
  const state = states.find((item) => String(item.id) === input.state_id);
  if (problem || !state) return { errors: { state_id: problem ?? MSG.stateBlank } };
  return { values: { state } };
}

/** Sign-up with a social identity: only the terms (spec §5). */
export function validateTermsAccepted(input: { terms: boolean }): Validation<{ terms: true }> {
  return input.terms ? { values: { terms: true } } : { errors: { terms: TERMS_REQUIRED } };
}

/** The new flow's sign-in, e-mail step (newflow §4): a valid e-mail, trimmed. */
export function validateEmailStep(input: { email: string }): Validation<{ email: string }> {
  const email = emailProblem(input.email);
  return email ? { errors: { email } } : { values: { email: input.email.trim() } };
}

/** The new flow's sign-in, password step: a password. */
export function validatePasswordStep(input: { password: string }): Validation<{ password: string }> {
  return input.password.length > 0 ? { values: input } : { errors: { password: MSG.required } };
}
