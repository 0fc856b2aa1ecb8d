import { MSG } from '@payrail/contract/messages';
import { utcDay } from '@payrail/domain/dates';
import { validateDateOfBirth } from '@payrail/domain/validation/date-of-birth';
import { ssnDigits, validateSsn } from '@payrail/domain/validation/ssn';

const DOB_MESSAGES = {
  dob_invalid: MSG.invalidDate,
  dob_year_invalid: MSG.dobYearInvalid,
  dob_month_invalid: MSG.dobMonthInvalid,
  dob_day_invalid: MSG.dobDayInvalid,
  dob_under_legal_age: MSG.underLegalAge,
} as const;

/**
 * Spec §5: once MM/DD/YYYY is complete, year 1900..this year, month, day, age ≥ 18. Answers the
 * warning text, or null when the date is fine or not complete yet.
 */
export function dateOfBirthWarning(text: string, now: Date = new Date()): string | null {
  if (!/^\d{2}\/\d{2}\/\d{4}$/.test(text)) return null;
  const result = validateDateOfBirth(text, utcDay(now));
  return result.ok ? null : DOB_MESSAGES[result.code];
}

/** Spec §5: nine digits, not 000, not the excluded 9xx group. Null while fewer than nine digits are typed. */
export function ssnError(text: string): string | null {
  if (ssnDigits(text).length < 9) return null;
  return validateSsn(text).ok ? null : MSG.ssnInvalid;
}

/** Checked once nine digits of the confirmation are typed. */
export function ssnConfirmationError(ssn: string, confirmation: string): string | null {
  const typed = ssnDigits(confirmation);
  if (typed.length < 9) return null;
  return typed === ssnDigits(ssn) ? null : MSG.ssnConfirmationMismatch;
}
