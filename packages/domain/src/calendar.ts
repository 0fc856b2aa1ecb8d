/**
 * Business-day calendar of the Federal Reserve (ACH settlement days).
 *
 * A business day is a weekday that is not a Federal Reserve holiday. Holidays: New Year's Day,
 * Martin Luther King Jr. Day, Washington's Birthday (Presidents Day), Memorial Day,
 * Juneteenth (from 2022), Independence Day, Labor Day, Columbus Day, Veterans Day,
 * Thanksgiving Day and Christmas Day. A holiday falling on a Sunday is observed on the
 * following Monday; one falling on a Saturday is NOT moved (the Friday before stays open).
 */
import { addDays, dayOfWeek, makeIsoDate, toEpochDay } from './dates';
import type { IsoDate } from './dates';

/** A Federal Reserve holiday as observed (the date the Fed is closed). */
export interface Holiday {
  /** Holiday name, e.g. "Thanksgiving Day". */
  readonly name: string;
  /** The closed date: the fixed date, moved to Monday when it falls on a Sunday. */
  readonly date: IsoDate;
}

function nthWeekday(year: number, month: number, weekday: number, n: number): IsoDate {
  const first = makeIsoDate(year, month, 1);
  const offset = (weekday - dayOfWeek(first) + 7) % 7;
  return addDays(first, offset + 7 * (n - 1));
}

function lastWeekday(year: number, month: number, weekday: number): IsoDate {
  const next = month === 12 ? makeIsoDate(year + 1, 1, 1) : makeIsoDate(year, month + 1, 1);
  const last = addDays(next, -1);
  return addDays(last, -((dayOfWeek(last) - weekday + 7) % 7));
}

function fixed(year: number, month: number, day: number): IsoDate {
  const date = makeIsoDate(year, month, day);
  return dayOfWeek(date) === 0 ? addDays(date, 1) : date; // Sunday → Monday; Saturday stays
}

/** The Federal Reserve holidays of a year, in date order, with Sunday holidays moved to Monday. */
export function federalReserveHolidays(year: number): readonly Holiday[] {
  const list: Holiday[] = [
    { name: "New Year's Day", date: fixed(year, 1, 1) },
    { name: 'Martin Luther King Jr. Day', date: nthWeekday(year, 1, 1, 3) },
    { name: "Washington's Birthday", date: nthWeekday(year, 2, 1, 3) },
    { name: 'Memorial Day', date: lastWeekday(year, 5, 1) },
  ];
  if (year >= 2022) list.push({ name: 'Juneteenth National Independence Day', date: fixed(year, 6, 19) });
  list.push(
    { name: 'Independence Day', date: fixed(year, 7, 4) },
    { name: 'Labor Day', date: nthWeekday(year, 9, 1, 1) },
    { name: 'Columbus Day', date: nthWeekday(year, 10, 1, 2) },
    { name: 'Veterans Day', date: fixed(year, 11, 11) },
    { name: 'Thanksgiving Day', date: nthWeekday(year, 11, 4, 4) },
    { name: 'Christmas Day', date: fixed(year, 12, 25) },
  );
  return list;
}

const holidayCache = new Map<number, ReadonlySet<number>>();

function holidayDays(year: number): ReadonlySet<number> {
  let set = holidayCache.get(year);
  if (!set) {
    set = new Set(federalReserveHolidays(year).map((h) => toEpochDay(h.date)));
    holidayCache.set(year, set);
  }
  return set;
}

/** True when the Federal Reserve is closed for a holiday on that date (observed date). */
export function isFederalReserveHoliday(date: IsoDate): boolean {
  return holidayDays(Number(date.slice(0, 4))).has(toEpochDay(date));
}

/** True for a weekday that is not a Federal Reserve holiday. */
export function isBusinessDay(date: IsoDate): boolean {
  const dow = dayOfWeek(date);
  return dow !== 0 && dow !== 6 && !isFederalReserveHoliday(date);
}

/** The first business day strictly after `date`. */
export function nextBusinessDay(date: IsoDate): IsoDate {
  let d = addDays(date, 1);
  while (!isBusinessDay(d)) d = addDays(d, 1);
  return d;
}

/** The first business day strictly before `date`. */
export function previousBusinessDay(date: IsoDate): IsoDate {
  let d = addDays(date, -1);
  while (!isBusinessDay(d)) d = addDays(d, -1);
  return d;
}

/** `date` itself when it is a business day, else the next one ("following" rule — how the ACH run moves a debit). */
export function adjustToBusinessDay(date: IsoDate): IsoDate {
  return isBusinessDay(date) ? date : nextBusinessDay(date);
}

/**
 * Moves `days` business days from `date`: forward when positive, backward when negative.
 * `0` returns `date` unchanged (even when it is not a business day).
 */
export function addBusinessDays(date: IsoDate, days: number): IsoDate {
  if (!Number.isInteger(days)) throw new RangeError(`business days must be an integer: ${String(days)}`);
  let d = date;
  for (let i = 0; i < Math.abs(days); i++) d = days > 0 ? nextBusinessDay(d) : previousBusinessDay(d);
  return d;
}
