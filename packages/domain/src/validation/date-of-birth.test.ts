import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays, fromEpochDay, parseIsoDate, toEpochDay } from '../dates';
import { ageOn, checkDateOfBirth, dateReachingAge, formatUsDate, isLegalAge, parseUsDate, validateDateOfBirth } from './date-of-birth';

const today = parseIsoDate('2026-11-01');
const code = (text: string, on = today): string => {
  const r = validateDateOfBirth(text, on);
  return r.ok ? r.value : r.code;
};

describe('validateDateOfBirth', () => {
  it('accepts a complete MM/DD/YYYY date of an adult and returns it as an IsoDate', () => {
    expect(validateDateOfBirth('07/04/1980', today)).toEqual({ ok: true, value: '1980-07-04' });
    expect(code(' 01/31/1990 ')).toBe('1990-01-31');
  });

  it.each(['', '7/4/1980', '07/04/80', '07-04-1980', '1980-07-04', '07/04/1980x', '0a/04/1980', '07/04/ 1980'])(
    'rejects the incomplete or foreign form %j as dob_invalid',
    (text) => {
      expect(code(text)).toBe('dob_invalid');
    },
  );

  it('requires a year from 1900 to the current year ("Year must be valid.")', () => {
    expect(code('01/01/1899')).toBe('dob_year_invalid');
    expect(code('01/01/1900')).toBe('1900-01-01');
    expect(code('01/01/2027')).toBe('dob_year_invalid');
    expect(code('01/01/0000')).toBe('dob_year_invalid');
    expect(code('01/01/9999')).toBe('dob_year_invalid');
  });

  it('takes the current year from today, not a clock', () => {
    expect(code('01/01/2027', parseIsoDate('2027-06-01'))).toBe('dob_under_legal_age');
    expect(code('01/01/2028', parseIsoDate('2027-06-01'))).toBe('dob_year_invalid');
  });

  it('requires a month 1-12 ("Month must be valid.")', () => {
    expect(code('00/10/1980')).toBe('dob_month_invalid');
    expect(code('13/10/1980')).toBe('dob_month_invalid');
    expect(code('12/10/1980')).toBe('1980-12-10');
  });

  it('requires a day 1-31 that exists in the month ("Day must be valid.")', () => {
    expect(code('01/00/1980')).toBe('dob_day_invalid');
    expect(code('01/32/1980')).toBe('dob_day_invalid');
    expect(code('04/31/1980')).toBe('dob_day_invalid');
    expect(code('02/30/1980')).toBe('dob_day_invalid');
    expect(code('02/29/1981')).toBe('dob_day_invalid');
    expect(code('02/29/1980')).toBe('1980-02-29');
    expect(code('02/29/2000')).toBe('2000-02-29');
    expect(code('02/29/1900')).toBe('dob_day_invalid');
  });

  it('checks in the spec order: year, then month, then day, then age', () => {
    expect(code('13/32/1899')).toBe('dob_year_invalid');
    expect(code('13/32/1980')).toBe('dob_month_invalid');
    expect(code('02/30/2026')).toBe('dob_day_invalid');
  });

  it('requires 18 years on today ("Unfortunately, you need to be of legal age.")', () => {
    expect(code('11/01/2008')).toBe('2008-11-01'); // 18th birthday today
    expect(code('11/02/2008')).toBe('dob_under_legal_age'); // tomorrow
    expect(code('10/31/2008')).toBe('2008-10-31');
    expect(code('11/01/2026')).toBe('dob_under_legal_age'); // born today
    expect(code('12/25/2026')).toBe('dob_under_legal_age'); // in the future this year
  });
});

describe('checkDateOfBirth (already-parsed dates)', () => {
  it('applies the year range and the age', () => {
    expect(checkDateOfBirth(parseIsoDate('1899-12-31'), today)).toEqual({ ok: false, code: 'dob_year_invalid' });
    expect(checkDateOfBirth(parseIsoDate('2010-01-01'), today)).toEqual({ ok: false, code: 'dob_under_legal_age' });
    expect(checkDateOfBirth(parseIsoDate('1990-05-05'), today)).toEqual({ ok: true, value: '1990-05-05' });
  });
});

describe('ages and birthdays', () => {
  it('counts completed years', () => {
    expect(ageOn(parseIsoDate('1980-07-04'), parseIsoDate('2026-07-03'))).toBe(45);
    expect(ageOn(parseIsoDate('1980-07-04'), parseIsoDate('2026-07-04'))).toBe(46);
    expect(ageOn(parseIsoDate('2026-11-02'), today)).toBe(-1);
  });

  it('a 29 February birthday comes on 1 March in common years', () => {
    const leapling = parseIsoDate('2008-02-29');
    expect(dateReachingAge(leapling, 18)).toBe('2026-03-01');
    expect(ageOn(leapling, parseIsoDate('2026-02-28'))).toBe(17);
    expect(ageOn(leapling, parseIsoDate('2026-03-01'))).toBe(18);
    expect(dateReachingAge(leapling, 20)).toBe('2028-02-29');
    expect(isLegalAge(leapling, parseIsoDate('2026-02-28'))).toBe(false);
    expect(isLegalAge(leapling, parseIsoDate('2026-03-01'))).toBe(true);
  });

  it('isLegalAge takes another minimum', () => {
    expect(isLegalAge(parseIsoDate('2006-01-01'), today, 21)).toBe(false);
    expect(isLegalAge(parseIsoDate('2005-11-01'), today, 21)).toBe(true);
  });

  it('property: dateReachingAge is the first day of that age', () => {
    const day = fc.integer({ min: toEpochDay(parseIsoDate('1900-01-01')), max: toEpochDay(parseIsoDate('2100-12-31')) }).map(fromEpochDay);
    fc.assert(
      fc.property(day, fc.integer({ min: 1, max: 120 }), (birth, years) => {
        const d = dateReachingAge(birth, years);
        expect(ageOn(birth, d)).toBe(years);
        expect(ageOn(birth, addDays(d, -1))).toBe(years - 1);
      }),
    );
  });
});

describe('US date format', () => {
  it('parses and formats MM/DD/YYYY', () => {
    expect(parseUsDate('07/04/1980')).toBe('1980-07-04');
    expect(parseUsDate('02/30/1980')).toBeNull();
    expect(parseUsDate('13/01/1980')).toBeNull();
    expect(parseUsDate('07/04/0000')).toBeNull();
    expect(parseUsDate('7/4/1980')).toBeNull();
    expect(formatUsDate(parseIsoDate('1980-07-04'))).toBe('07/04/1980');
  });
  it('round-trips every date', () => {
    fc.assert(
      fc.property(fc.integer({ min: -25_000, max: 50_000 }).map(fromEpochDay), (d) => {
        expect(parseUsDate(formatUsDate(d))).toBe(d);
      }),
    );
  });
});
