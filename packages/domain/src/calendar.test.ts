import { describe, expect, it } from 'vitest';
import {
  addBusinessDays,
  adjustToBusinessDay,
  federalReserveHolidays,
  isBusinessDay,
  isFederalReserveHoliday,
  nextBusinessDay,
  previousBusinessDay,
} from './calendar';
import { parseIsoDate } from './dates';

const d = parseIsoDate;

describe('Federal Reserve holidays', () => {
  it('lists the 2024 holidays', () => {
    expect(federalReserveHolidays(2024).map((h) => h.date)).toEqual([
      '2024-01-01',
      '2024-01-15',
      '2024-02-19',
      '2024-05-27',
      '2024-06-19',
      '2024-07-04',
      '2024-09-02',
      '2024-10-14',
      '2024-11-11',
      '2024-11-28',
      '2024-12-25',
    ]);
  });
  it('adds Juneteenth from 2022 only', () => {
    expect(federalReserveHolidays(2021)).toHaveLength(10);
    expect(isFederalReserveHoliday(d('2021-06-18'))).toBe(false);
    expect(isBusinessDay(d('2021-06-18'))).toBe(true);
    expect(isFederalReserveHoliday(d('2022-06-20'))).toBe(true); // Sunday 19th observed Monday
  });
  it('moves Sunday holidays to Monday but never Saturday ones', () => {
    expect(isFederalReserveHoliday(d('2023-01-02'))).toBe(true); // New Year's Day on a Sunday
    expect(isFederalReserveHoliday(d('2022-12-26'))).toBe(true); // Christmas on a Sunday
    expect(isBusinessDay(d('2021-12-31'))).toBe(true); // New Year's Day 2022 on a Saturday
    expect(isBusinessDay(d('2026-07-03'))).toBe(true); // Independence Day 2026 on a Saturday
    expect(isBusinessDay(d('2027-12-24'))).toBe(true); // Christmas 2027 on a Saturday
    expect(isBusinessDay(d('2026-07-04'))).toBe(false); // still a Saturday
  });
});

describe('business days', () => {
  it('skips weekends and holidays', () => {
    expect(nextBusinessDay(d('2024-11-27'))).toBe('2024-11-29');
    expect(nextBusinessDay(d('2024-11-29'))).toBe('2024-12-02');
    expect(previousBusinessDay(d('2024-12-26'))).toBe('2024-12-24');
    expect(adjustToBusinessDay(d('2024-12-25'))).toBe('2024-12-26');
    expect(adjustToBusinessDay(d('2024-12-24'))).toBe('2024-12-24');
    expect(adjustToBusinessDay(d('2025-05-24'))).toBe('2025-05-27'); // Saturday + Memorial Day
  });
  it('adds business days both ways', () => {
    expect(addBusinessDays(d('2024-12-20'), 3)).toBe('2024-12-26');
    expect(addBusinessDays(d('2024-12-26'), -2)).toBe('2024-12-23');
    expect(addBusinessDays(d('2024-12-25'), 0)).toBe('2024-12-25');
    expect(() => addBusinessDays(d('2024-12-25'), 1.5)).toThrow(RangeError);
  });
});
