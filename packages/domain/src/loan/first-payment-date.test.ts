import { dayOfWeek, type IsoDate } from '../dates';
import { describe, expect, it } from 'vitest';
import { firstPaymentDate } from './first-payment-date';

const d = (s: string) => s as IsoDate;

describe('firstPaymentDate', () => {
  it('puts a bi-weekly first payment on the first Friday payday at least 10 days out', () => {
    // Tuesday 2026-11-24 → first Friday 11-27 is too close; the next bi-weekly payday is 12-11.
    expect(firstPaymentDate('biweekly', d('2026-11-24'))).toBe('2026-12-11');
    expect(dayOfWeek(d('2026-12-11'))).toBe(5);
  });

  it('follows a known payday for weekly and bi-weekly pay, backwards or forwards', () => {
    expect(firstPaymentDate('biweekly', d('2026-11-24'), d('2026-11-13'))).toBe('2026-12-11');
    expect(firstPaymentDate('biweekly', d('2026-11-24'), d('2026-11-20'))).toBe('2026-12-04');
    expect(firstPaymentDate('weekly', d('2026-11-24'), d('2026-11-18'))).toBe('2026-12-02');
    expect(firstPaymentDate('weekly', d('2026-11-24'), d('2027-03-05'))).toBe('2026-12-04');
  });

  it('uses the 15th and the month end for semi-monthly pay', () => {
    expect(firstPaymentDate('semimonthly', d('2026-11-24'))).toBe('2026-12-15');
    expect(firstPaymentDate('semimonthly', d('2026-11-02'))).toBe('2026-11-15');
    expect(firstPaymentDate('semimonthly', d('2026-11-10'))).toBe('2026-11-30');
    expect(firstPaymentDate('semimonthly', d('2027-02-18'))).toBe('2027-02-28');
    expect(firstPaymentDate('semimonthly', d('2027-02-20'))).toBe('2027-03-15');
  });

  it('uses the payday of the month (the month end by default) for monthly pay, at least 20 days out', () => {
    expect(firstPaymentDate('monthly', d('2026-11-24'))).toBe('2026-12-31');
    expect(firstPaymentDate('monthly', d('2026-11-05'))).toBe('2026-11-30');
    expect(firstPaymentDate('monthly', d('2026-11-24'), d('2026-10-15'))).toBe('2026-12-15');
    expect(firstPaymentDate('monthly', d('2026-11-26'), d('2026-10-15'))).toBe('2027-01-15');
    expect(firstPaymentDate('monthly', d('2027-01-05'), d('2026-10-31'))).toBe('2027-01-31');
    expect(firstPaymentDate('monthly', d('2027-01-20'), d('2026-10-31'))).toBe('2027-02-28');
  });
});
