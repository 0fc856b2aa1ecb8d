/**
 * Personal text fields (classic §5 "Text fields trimmed", new flow §5 personal info and employer info).
 * Each rule trims, then checks presence and the spec's maximum length; failures are the generic
 * `required` and `too_long` codes of `text.ts` (the contract names the field in its message).
 */
import { checkText } from './text';
import type { TextCode } from './text';
import type { Validation } from './result';

/** Maximum middle initial length (new flow §9). */
export const MIDDLE_INITIAL_MAX = 1;
/** Maximum unit number length (new flow §9). */
export const UNIT_NUMBER_MAX = 10;
/** Maximum driver licence number length (new flow §9). */
export const DRIVER_LICENSE_NUMBER_MAX = 30;
/** Maximum employer-info phone field length (new flow §9 "phone field 20"). */
export const EMPLOYER_PHONE_MAX = 20;

/** First or last name: required. */
export function validatePersonName(text: string): Validation<string, TextCode> {
  return checkText(text, { required: true });
}

/** Middle initial: optional, at most one character. */
export function validateMiddleInitial(text: string): Validation<string, TextCode> {
  return checkText(text, { required: false, max: MIDDLE_INITIAL_MAX });
}

/** Unit number (shown as a P.O. box on the dashboard): optional, at most 10 characters. */
export function validateUnitNumber(text: string): Validation<string, TextCode> {
  return checkText(text, { required: false, max: UNIT_NUMBER_MAX });
}

/** Driver licence number: required, at most 30 characters. */
export function validateDriverLicenseNumber(text: string): Validation<string, TextCode> {
  return checkText(text, { required: true, max: DRIVER_LICENSE_NUMBER_MAX });
}

/** Full name of the lead-capture form: required ("Full Name can't be blank"). */
export function validateFullName(text: string): Validation<string, TextCode> {
  return checkText(text, { required: true });
}

/** One initial of the education-program agreement (classic §5): exactly one character. */
export function validateInitial(text: string): Validation<string, TextCode> {
  return checkText(text, { required: true, max: 1 });
}
