/**
 * Date of birth (classic §5, new flow §5): typed as `MM/DD/YYYY`; once complete the year must be
 * 1900 to the current year, the month 1–12, the day 1–31 and a real day of that month, and the
 * applicant at least 18 on `today`. Checks run in that order and the first failure is returned.
 *
 * Birthdays: a person born on 29 February reaches a new age on 1 March in common years (the day after
 * 28 February), so {@link ageOn} and {@link dateReachingAge} agree on every date.
 */
import { daysInMonth, isLeapYear, makeIsoDate, toParts } from '../dates';
import type { IsoDate } from '../dates';
import { invalid, valid } from './result';
import type { Validation } from './result';

/** The earliest accepted birth year (classic §9 "birth year from 1900"). */
export const MIN_BIRTH_YEAR = 1900;

/** The minimum age to apply (classic §9, new flow §9). */
export const LEGAL_AGE = 18;

/**
 * Failure codes of the date-of-birth rules: `dob_invalid` (not a complete `MM/DD/YYYY`),
 * `dob_year_invalid`, `dob_month_invalid`, `dob_day_invalid`, `dob_under_legal_age`.
 */
export type DateOfBirthCode = 'dob_invalid' | 'dob_year_invalid' | 'dob_month_invalid' | 'dob_day_invalid' | 'dob_under_legal_age';

const US_DATE_RE = /^(\d{2})\/(\d{2})\/(\d{4})$/;

/** Parses a real calendar date typed `MM/DD/YYYY` (whitespace around it ignored); `null` otherwise. */
export function parseUsDate(text: string): IsoDate | null {
  const m = US_DATE_RE.exec(text.trim());
  if (!m) return null;
  const year = Number(m[3]);
  const month = Number(m[1]);
  const day = Number(m[2]);
  if (year < 1 || month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return null;
  return makeIsoDate(year, month, day);
}

/** Formats a date as `MM/DD/YYYY` (the spec's display format). */
export function formatUsDate(date: IsoDate): string {
  return `${date.slice(5, 7)}/${date.slice(8, 10)}/${date.slice(0, 4)}`;
}

/** Completed years of age on `today` for someone born on `birth` (negative before birth). */
export function ageOn(birth: IsoDate, today: IsoDate): number {
  const b = toParts(birth);
  const t = toParts(today);
  const beforeBirthday = t.month < b.month || (t.month === b.month && t.day < b.day);
  return t.year - b.year - (beforeBirthday ? 1 : 0);
}

/** The first date on which someone born on `birth` is `years` old (29 Feb births: 1 Mar in common years). */
export function dateReachingAge(birth: IsoDate, years: number): IsoDate {
  const b = toParts(birth);
  const year = b.year + years;
  if (b.month === 2 && b.day === 29 && !isLeapYear(year)) return makeIsoDate(year, 3, 1);
  return makeIsoDate(year, b.month, b.day);
}

/** True when someone born on `birth` is at least `minAge` (default 18) on `today`. */
export function isLegalAge(birth: IsoDate, today: IsoDate, minAge: number = LEGAL_AGE): boolean {
  return ageOn(birth, today) >= minAge;
}

/**
 * The rules that apply to an already-parsed date (e.g. an ISO date from the new-flow date picker):
 * year 1900 to the current year, then age at least 18 on `today`.
 */
export function checkDateOfBirth(birth: IsoDate, today: IsoDate): Validation<IsoDate, 'dob_year_invalid' | 'dob_under_legal_age'> {
  const year = toParts(birth).year;
  if (year < MIN_BIRTH_YEAR || year > toParts(today).year) return invalid('dob_year_invalid');
  if (!isLegalAge(birth, today)) return invalid('dob_under_legal_age');
  return valid(birth);
}

/**
 * Validates a date of birth typed `MM/DD/YYYY` against `today` and returns it as an IsoDate.
 * Order: complete mask (`dob_invalid`), year, month, day (1–31 and a real day of the month), legal age.
 */
export function validateDateOfBirth(text: string, today: IsoDate): Validation<IsoDate, DateOfBirthCode> {
  const m = US_DATE_RE.exec(text.trim());
  if (!m) return invalid('dob_invalid');
  const year = Number(m[3]);
  const month = Number(m[1]);
  const day = Number(m[2]);
  if (year < MIN_BIRTH_YEAR || year > toParts(today).year) return invalid('dob_year_invalid');
  if (month < 1 || month > 12) return invalid('dob_month_invalid');
  if (day < 1 || day > 31 || day > daysInMonth(year, month)) return invalid('dob_day_invalid');
  return checkDateOfBirth(makeIsoDate(year, month, day), today);
}
