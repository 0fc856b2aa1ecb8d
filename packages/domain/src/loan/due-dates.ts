/**
 * Contractual due dates. They are never moved for weekends or holidays: the ACH run moves the
 * debit (see `adjustToBusinessDay` in `calendar`), not the due date.
 */
import { clampedDate, fromEpochDay, toEpochDay, toParts } from '../dates';
import type { IsoDate } from '../dates';
import type { Frequency } from './frequency';

/** The two days of month of a semi-monthly loan whose first payment falls on day `d`: `[d, d+15]` if d ≤ 15, else `[d−15, d]`. */
export function semimonthlyDays(firstPaymentDay: number): readonly [number, number] {
  return firstPaymentDay <= 15 ? [firstPaymentDay, firstPaymentDay + 15] : [firstPaymentDay - 15, firstPaymentDay];
}

/**
 * The `count` due dates starting at `firstPaymentDate`:
 * weekly / bi-weekly: first + 7k / 14k days; monthly: the first date's day of month, clamped to
 * month end; semi-monthly: the first date's day d and d ± 15 each month (clamped to month end).
 */
export function dueDates(frequency: Frequency, firstPaymentDate: IsoDate, count: number): IsoDate[] {
  if (!Number.isInteger(count) || count < 0) throw new RangeError(`invalid number of payments: ${String(count)}`);
  const out: IsoDate[] = [];
  if (frequency === 'weekly' || frequency === 'biweekly') {
    const step = frequency === 'weekly' ? 7 : 14;
    const start = toEpochDay(firstPaymentDate);
    for (let k = 0; k < count; k++) out.push(k === 0 ? firstPaymentDate : fromEpochDay(start + step * k));
    return out;
  }
  const { year, month, day } = toParts(firstPaymentDate);
  if (frequency === 'monthly') {
    for (let k = 0; k < count; k++) out.push(k === 0 ? firstPaymentDate : clampedDate(year, month + k, day));
    return out;
  }
  for (let k = 0; k < count; k++) {
    if (k === 0) out.push(firstPaymentDate);
    else if (day <= 15) out.push(clampedDate(year, month + Math.floor(k / 2), k % 2 === 0 ? day : day + 15));
    else out.push(k % 2 === 0 ? clampedDate(year, month + k / 2, day) : clampedDate(year, month + (k + 1) / 2, day - 15));
  }
  return out;
}
