import { describe, expect, it } from 'vitest';
import { parseIsoDate } from '../dates';
import { dueDates, semimonthlyDays } from './due-dates';
import { parseFrequency, paymentsInTerm, periodsPerYear } from './frequency';

const d = parseIsoDate;

describe('due dates (contractual, never moved for weekends)', () => {
  it('weekly and bi-weekly step 7 / 14 days', () => {
    expect(dueDates('weekly', d('2024-12-27'), 3)).toEqual(['2024-12-27', '2025-01-03', '2025-01-10']);
    expect(dueDates('biweekly', d('2025-02-21'), 3)).toEqual(['2025-02-21', '2025-03-07', '2025-03-21']);
    expect(dueDates('weekly', d('2025-01-04'), 1)).toEqual(['2025-01-04']); // a Saturday stays a Saturday
  });
  it('monthly keeps the first day of month, clamped to month end', () => {
    expect(dueDates('monthly', d('2024-01-31'), 4)).toEqual(['2024-01-31', '2024-02-29', '2024-03-31', '2024-04-30']);
    expect(dueDates('monthly', d('2025-01-30'), 3)).toEqual(['2025-01-30', '2025-02-28', '2025-03-30']);
  });
  it('semi-monthly: d and d + 15 when d ≤ 15', () => {
    expect(semimonthlyDays(15)).toEqual([15, 30]);
    expect(dueDates('semimonthly', d('2025-01-15'), 5)).toEqual(['2025-01-15', '2025-01-30', '2025-02-15', '2025-02-28', '2025-03-15']);
    expect(dueDates('semimonthly', d('2025-01-01'), 4)).toEqual(['2025-01-01', '2025-01-16', '2025-02-01', '2025-02-16']);
  });
  it('semi-monthly: d − 15 and d when d > 15', () => {
    expect(semimonthlyDays(31)).toEqual([16, 31]);
    expect(dueDates('semimonthly', d('2024-01-31'), 5)).toEqual(['2024-01-31', '2024-02-16', '2024-02-29', '2024-03-16', '2024-03-31']);
    expect(dueDates('semimonthly', d('2025-12-20'), 4)).toEqual(['2025-12-20', '2026-01-05', '2026-01-20', '2026-02-05']);
  });
});

describe('frequencies', () => {
  it('parses names and aliases', () => {
    expect(parseFrequency('bi-weekly')).toBe('biweekly');
    expect(parseFrequency('semi-monthly')).toBe('semimonthly');
    expect(parseFrequency('daily')).toBeNull();
    expect(parseFrequency('toString')).toBeNull();
    expect([periodsPerYear('weekly'), periodsPerYear('biweekly'), periodsPerYear('semimonthly'), periodsPerYear('monthly')]).toEqual([52, 26, 24, 12]);
    expect(paymentsInTerm('weekly', 12)).toBe(52);
    expect(paymentsInTerm('biweekly', 6)).toBe(13);
    expect(paymentsInTerm('semimonthly', 9)).toBe(18);
  });
});
