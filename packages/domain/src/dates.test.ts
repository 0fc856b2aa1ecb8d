import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addDays,
  addMonths,
  clampedDate,
  compareIsoDates,
  dayOfWeek,
  diffDays,
  fromEpochDay,
  isIsoDate,
  isLastDayOfMonth,
  parseIsoDate,
  toEpochDay,
  toParts,
  utcDay,
} from './dates';

const d = parseIsoDate;

describe('IsoDate', () => {
  it('parses real dates only', () => {
    expect(d('2024-02-29')).toBe('2024-02-29');
    for (const bad of ['2023-02-29', '2024-13-01', '2024-1-01', '20240101', '2024-04-31', '0000-01-01']) expect(() => d(bad)).toThrow(RangeError);
    expect(isIsoDate(20240101)).toBe(false);
  });
  it('counts epoch days (independently checked with Python datetime)', () => {
    expect(toEpochDay(d('1970-01-01'))).toBe(0);
    expect(toEpochDay(d('2000-03-01'))).toBe(11017);
    expect(toEpochDay(d('1600-02-29'))).toBe(-135081);
    expect(toEpochDay(d('9999-12-31'))).toBe(2932896);
  });
  it('round-trips epoch days and agrees with Date.UTC', () => {
    fc.assert(
      fc.property(fc.integer({ min: -700000, max: 2900000 }), (n) => {
        const iso = fromEpochDay(n);
        expect(toEpochDay(iso)).toBe(n);
        expect(iso).toBe(new Date(n * 86400000).toISOString().slice(0, 10).padStart(10, '0'));
      }),
    );
  });
  it('adds and diffs days, months (clamped), weekdays', () => {
    expect(addDays(d('2024-02-28'), 2)).toBe('2024-03-01');
    expect(addDays(d('2025-01-01'), -1)).toBe('2024-12-31');
    expect(diffDays(d('2024-02-28'), d('2024-03-01'))).toBe(2);
    expect(addMonths(d('2024-01-31'), 1)).toBe('2024-02-29');
    expect(addMonths(d('2024-03-31'), -1)).toBe('2024-02-29');
    expect(addMonths(d('2024-02-29'), 1, 31)).toBe('2024-03-31');
    expect(clampedDate(2025, 14, 31)).toBe('2026-02-28');
    expect(dayOfWeek(d('2024-01-01'))).toBe(1);
    expect(dayOfWeek(d('1970-01-01'))).toBe(4);
    expect(isLastDayOfMonth(d('2023-02-28'))).toBe(true);
    expect(isLastDayOfMonth(d('2024-02-28'))).toBe(false);
    expect(toParts(d('2025-07-04'))).toEqual({ year: 2025, month: 7, day: 4 });
    expect(compareIsoDates(d('2025-01-02'), d('2025-01-10'))).toBeLessThan(0);
  });
});

describe('utcDay — the one "today" rule', () => {
  it('is the UTC calendar day of the instant, whatever the local zone', () => {
    expect(utcDay(new Date('2024-12-31T23:30:00-05:00'))).toBe('2025-01-01');
    expect(utcDay(new Date('2025-01-01T00:00:00Z'))).toBe('2025-01-01');
    expect(utcDay(new Date('2024-12-31T23:59:59.999Z'))).toBe('2024-12-31');
    expect(utcDay(new Date('2028-02-29T12:00:00Z'))).toBe('2028-02-29');
    expect(utcDay(new Date('1969-12-31T23:00:00Z'))).toBe('1969-12-31');
  });
});
