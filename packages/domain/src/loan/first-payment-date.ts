import { addDays, addMonths, clampedDate, compareIsoDates, dayOfWeek, diffDays, type IsoDate, toParts } from '../dates';
import type { Frequency } from './frequency';

/**
 * The first payment date of an employer-based loan: the borrower repays on paydays, so the first
 * payment is the first payday that leaves a reasonable first period after the disbursement (a payday
 * the day after the money arrives would make a payment of almost no interest and a spike of principal).
 */

/** Fewest days from disbursement to the first payment, per pay frequency. */
export const MIN_FIRST_PERIOD_DAYS: Readonly<Record<Frequency, number>> = { weekly: 5, biweekly: 10, semimonthly: 10, monthly: 20 };

/** Friday: the usual payday when the employer's pay calendar is not known. */
const FRIDAY = 5;

/**
 * The first payday on or after `disbursement + MIN_FIRST_PERIOD_DAYS[frequency]`.
 *
 * - weekly / bi-weekly: paydays fall every 7 / 14 days from `anchor` (a known payday, e.g. the last
 *   paycheck date of an employer typed in by the borrower), or from the first Friday after the
 *   disbursement when no payday is known;
 * - semi-monthly: the 15th and the last day of each month;
 * - monthly: the anchor's day of month (clamped to short months), else the last day of the month.
 *
 * Due dates are contractual: a payday on a holiday is not moved here (the ACH run moves the debit).
 */
export function firstPaymentDate(frequency: Frequency, disbursement: IsoDate, anchor: IsoDate | null = null): IsoDate {
  const earliest = addDays(disbursement, MIN_FIRST_PERIOD_DAYS[frequency]);
  switch (frequency) {
    case 'weekly':
    case 'biweekly': {
      const step = frequency === 'weekly' ? 7 : 14;
      const start = anchor ?? addDays(disbursement, (FRIDAY - dayOfWeek(disbursement) + 7) % 7 || 7);
      return addDays(start, Math.ceil(diffDays(start, earliest) / step) * step);
    }
    case 'semimonthly': {
      const { year, month, day } = toParts(earliest);
      if (day <= 15) return clampedDate(year, month, 15);
      const monthEnd = clampedDate(year, month, 31);
      return compareIsoDates(earliest, monthEnd) <= 0 ? monthEnd : clampedDate(year, month + 1, 15);
    }
    case 'monthly': {
      const day = anchor ? toParts(anchor).day : 31;
      const { year, month } = toParts(earliest);
      const candidate = clampedDate(year, month, day);
      return compareIsoDates(candidate, earliest) >= 0 ? candidate : addMonths(clampedDate(year, month, 1), 1, day);
    }
  }
}
