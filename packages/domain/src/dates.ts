/**
 * Calendar dates as branded ISO strings (`YYYY-MM-DD`, proleptic Gregorian, UTC — no time, no zone).
 *
 * All arithmetic goes through "epoch days" (days since 1970-01-01) with integer civil-date
 * algorithms; no `Date` object and no clock is involved.
 */

declare const isoDateBrand: unique symbol;

/**
 * The brand of {@link IsoDate}, an interface so that a declaration spelling `IsoDate` out (a Drizzle row
 * type of a `$type<IsoDate>()` column) names it by import, never the module's private `unique symbol`.
 */
export interface IsoDateBrand {
  readonly [isoDateBrand]: 'IsoDate';
}

/** A calendar date `YYYY-MM-DD` (UTC), validated. */
export type IsoDate = string & IsoDateBrand;

/** Year, month (1–12) and day (1–31) of a date. */
export interface YearMonthDay {
  /** Full year, e.g. 2025. */
  readonly year: number;
  /** Month 1–12. */
  readonly month: number;
  /** Day of month 1–31. */
  readonly day: number;
}

/** True for Gregorian leap years. */
export function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

const MONTH_DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** Number of days in a month (month 1–12). */
export function daysInMonth(year: number, month: number): number {
  return month === 2 && isLeapYear(year) ? 29 : (MONTH_DAYS[month - 1] ?? 0);
}

function pad(n: number, width: number): string {
  return String(n).padStart(width, '0');
}

/** Builds an IsoDate from parts; throws a RangeError if the date does not exist (years 1–9999). */
export function makeIsoDate(year: number, month: number, day: number): IsoDate {
  if (
    !Number.isInteger(year) ||
    year < 1 ||
    year > 9999 ||
    !Number.isInteger(month) ||
    month < 1 ||
    month > 12 ||
    !Number.isInteger(day) ||
    day < 1 ||
    day > daysInMonth(year, month)
  ) {
    throw new RangeError(`invalid date ${String(year)}-${String(month)}-${String(day)}`);
  }
  return `${pad(year, 4)}-${pad(month, 2)}-${pad(day, 2)}` as IsoDate;
}

/** Builds the date `day` of a month, clamped to the month's last day (month may over/underflow: 13 = January next year). */
export function clampedDate(year: number, month: number, day: number): IsoDate {
  const m0 = month - 1;
  const y = year + Math.floor(m0 / 12);
  const m = (((m0 % 12) + 12) % 12) + 1;
  if (y < 1 || y > 9999 || !Number.isInteger(day) || day < 1) throw new RangeError(`invalid date ${String(y)}-${String(m)}-${String(day)}`);
  return format(y, m, Math.min(day, daysInMonth(y, m)));
}

const ISO_RE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** True when `value` is a string naming a real date in `YYYY-MM-DD` form. */
export function isIsoDate(value: unknown): value is IsoDate {
  if (typeof value !== 'string') return false;
  const m = ISO_RE.exec(value);
  if (!m) return false;
  const y = Number(m[1]);
  const mo = Number(m[2]);
  const d = Number(m[3]);
  return y >= 1 && mo >= 1 && mo <= 12 && d >= 1 && d <= daysInMonth(y, mo);
}

/** Parses `YYYY-MM-DD` into an {@link IsoDate}; throws a RangeError naming the text otherwise. */
export function parseIsoDate(text: string): IsoDate {
  if (!isIsoDate(text)) throw new RangeError(`not a YYYY-MM-DD date: "${text}"`);
  return text;
}

/** Splits a date into year, month and day. */
export function toParts(date: IsoDate): YearMonthDay {
  return {
    year: (date.charCodeAt(0) - 48) * 1000 + (date.charCodeAt(1) - 48) * 100 + (date.charCodeAt(2) - 48) * 10 + (date.charCodeAt(3) - 48),
    month: (date.charCodeAt(5) - 48) * 10 + (date.charCodeAt(6) - 48),
    day: (date.charCodeAt(8) - 48) * 10 + (date.charCodeAt(9) - 48),
  };
}

/** Days since 1970-01-01 (negative before) — H. Hinnant's days_from_civil. */
export function toEpochDay(date: IsoDate): number {
  let y = (date.charCodeAt(0) - 48) * 1000 + (date.charCodeAt(1) - 48) * 100 + (date.charCodeAt(2) - 48) * 10 + (date.charCodeAt(3) - 48);
  const m = (date.charCodeAt(5) - 48) * 10 + (date.charCodeAt(6) - 48);
  const d = (date.charCodeAt(8) - 48) * 10 + (date.charCodeAt(9) - 48);
  y -= m <= 2 ? 1 : 0;
  const era = Math.floor(y / 400);
  const yoe = y - era * 400;
  const doy = Math.floor((153 * (m + (m > 2 ? -3 : 9)) + 2) / 5) + d - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146097 + doe - 719468;
}

const TWO_DIGITS: readonly string[] = Array.from({ length: 100 }, (_, i) => (i < 10 ? `0${String(i)}` : String(i)));

/** Formats parts already known to form a valid date (internal fast path). */
function format(year: number, month: number, day: number): IsoDate {
  const y = year >= 1000 ? String(year) : pad(year, 4);
  return `${y}-${TWO_DIGITS[month] as string}-${TWO_DIGITS[day] as string}` as IsoDate;
}

/** The date `epochDay` days after 1970-01-01 — H. Hinnant's civil_from_days. */
export function fromEpochDay(epochDay: number): IsoDate {
  const z = epochDay + 719468;
  const era = Math.floor(z / 146097);
  const doe = z - era * 146097;
  const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36524) - Math.floor(doe / 146096)) / 365);
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const d = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const m = mp < 10 ? mp + 3 : mp - 9;
  const y = yoe + era * 400 + (m <= 2 ? 1 : 0);
  if (y < 1 || y > 9999) throw new RangeError(`date out of range (year ${String(y)})`);
  return format(y, m, d);
}

/** `date` plus `days` (may be negative). */
export function addDays(date: IsoDate, days: number): IsoDate {
  return fromEpochDay(toEpochDay(date) + days);
}

/** Whole days from `from` to `to` (positive when `to` is later). */
export function diffDays(from: IsoDate, to: IsoDate): number {
  return toEpochDay(to) - toEpochDay(from);
}

/** Adds calendar months keeping `anchorDay` (default: the date's own day), clamped to month end. */
export function addMonths(date: IsoDate, months: number, anchorDay?: number): IsoDate {
  const p = toParts(date);
  return clampedDate(p.year, p.month + months, anchorDay ?? p.day);
}

/** True when the date is the last day of its month. */
export function isLastDayOfMonth(date: IsoDate): boolean {
  const p = toParts(date);
  return p.day === daysInMonth(p.year, p.month);
}

/** Day of week, 0 = Sunday … 6 = Saturday. */
export function dayOfWeek(date: IsoDate): number {
  return (((toEpochDay(date) + 4) % 7) + 7) % 7; // 1970-01-01 was a Thursday
}

/** Orders two dates: negative, zero or positive (ISO strings compare lexicographically). */
export function compareIsoDates(a: IsoDate, b: IsoDate): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * THE "today" rule: the calendar date of an instant in UTC, as the API's dates are (a date of birth,
 * a decision date, a disbursement are all checked against it). The caller passes the instant — the
 * server its clock, the SPA `new Date()` — so the domain never reads the clock, and the borrower app
 * and the server agree on the day even where the borrower's local date differs.
 */
export function utcDay(at: Date): IsoDate {
  return fromEpochDay(Math.floor(at.getTime() / 86_400_000));
}
