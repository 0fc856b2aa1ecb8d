import { MSG } from '@payrail/contract/messages';
import { NEWFLOW_MSG } from '@payrail/contract/newflow';
import { utcDay } from '@payrail/domain/dates';
import { validateDateOfBirth } from '@payrail/domain/validation/date-of-birth';
import { ssnDigits, validateSsn } from '@payrail/domain/validation/ssn';

/** Limits of newflow §5, §9. */
export const LIMITS = { middleInitial: 1, driverLicense: 30, unitNumber: 10, zip: 5, phone: 20, phoneCodeMin: 3, phoneCode: 6 } as const;

const DOB_MESSAGES = {
  dob_invalid: MSG.invalidDate,
  dob_year_invalid: NEWFLOW_MSG.dobYearInvalid,
  dob_month_invalid: MSG.dobMonthInvalid,
  dob_day_invalid: MSG.dobDayInvalid,
  dob_under_legal_age: NEWFLOW_MSG.underLegalAge,
} as const;

/** Date of birth typed MM/DD/YYYY (newflow §5): 'Year must be valid' (1900…this year), month, day, 18+. Null when fine. */
export function dobError(text: string, now: Date = new Date()): string | null {
  if (!/^\d{2}\/\d{2}\/\d{4}$/.test(text)) return MSG.invalidDate;
  const result = validateDateOfBirth(text, utcDay(now));
  return result.ok ? null : DOB_MESSAGES[result.code];
}

/** MM/DD/YYYY → YYYY-MM-DD (the wire's date). */
export function usToIso(text: string): string {
  const [month, day, year] = text.split('/');
  return `${year}-${month}-${day}`;
}

/** YYYY-MM-DD → MM/DD/YYYY for the form. */
export function isoToUs(iso: string | null | undefined): string {
  if (!iso || !/^\d{4}-\d{2}-\d{2}$/.test(iso)) return '';
  return `${iso.slice(5, 7)}/${iso.slice(8, 10)}/${iso.slice(0, 4)}`;
}

/** SSN (newflow §5): 9 digits, not 000, no 9xx area in this form: 'SSN is not valid'. Null when fine. */
export function newflowSsnError(text: string): string | null {
  if (ssnDigits(text).length !== 9) return NEWFLOW_MSG.ssnInvalid;
  return validateSsn(text, { nineHundreds: 'all' }).ok ? null : NEWFLOW_MSG.ssnInvalid;
}

/** The repeat must match: 'SSN does not match'. */
export function ssnRepeatError(ssn: string, repeat: string): string | null {
  return ssnDigits(repeat) === ssnDigits(ssn) ? null : NEWFLOW_MSG.ssnMismatch;
}

/** Zip: exactly 5 digits. */
export const zipValid = (zip: string) => /^\d{5}$/.test(zip);
