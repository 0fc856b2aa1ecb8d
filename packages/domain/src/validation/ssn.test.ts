import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatSsn, maskSsn, ssnDigits, validateSsn, validateSsnConfirmation } from './ssn';

const rule = (text: string, nineHundreds?: 'spec' | 'all'): string => {
  const r = validateSsn(text, nineHundreds ? { nineHundreds } : {});
  return r.ok ? 'ok' : r.rule;
};

describe('validateSsn — spec rules', () => {
  it('accepts nine digits with or without the dashes of the mask, and returns the digits', () => {
    expect(validateSsn('123-45-6789')).toEqual({ ok: true, value: '123456789' });
    expect(validateSsn('123456789')).toEqual({ ok: true, value: '123456789' });
    expect(validateSsn('  123-45-6789 ')).toEqual({ ok: true, value: '123456789' });
  });

  it.each([
    '',
    '12345678',
    '1234567890',
    '123-456789',
    '12345-6789',
    '12-345-6789',
    '123-45-678',
    '123 45 6789',
    'abc-de-fghi',
    '123-45-678a',
    '１２３４５６７８９',
  ])('rejects %j as a format error with the code ssn_invalid', (text) => {
    expect(validateSsn(text)).toEqual({ ok: false, code: 'ssn_invalid', rule: 'format' });
  });

  it('rejects area 000', () => {
    expect(rule('000-12-3456')).toBe('area_000');
    expect(rule('000123456')).toBe('area_000');
    expect(rule('001-12-3456')).toBe('ok');
  });

  it('rejects the 9xx group whose second digit is 0-4, 6 or 8, and only those', () => {
    const verdicts = Object.fromEntries([0, 1, 2, 3, 4, 5, 6, 7, 8, 9].map((d) => [d, rule(`9${String(d)}1-23-4567`)]));
    expect(verdicts).toEqual({
      0: 'area_9xx',
      1: 'area_9xx',
      2: 'area_9xx',
      3: 'area_9xx',
      4: 'area_9xx',
      5: 'ok',
      6: 'area_9xx',
      7: 'ok',
      8: 'area_9xx',
      9: 'ok',
    });
  });

  it('covers every third digit of the excluded group (900-949, 960-969, 980-989)', () => {
    for (let area = 900; area <= 999; area++) {
      const second = Math.floor(area / 10) % 10;
      const excluded = [0, 1, 2, 3, 4, 6, 8].includes(second);
      expect(rule(`${String(area)}-12-3456`), String(area)).toBe(excluded ? 'area_9xx' : 'ok');
    }
  });

  it("rejects every 9xx area with { nineHundreds: 'all' } (new-flow forms that exclude 900-999)", () => {
    for (let area = 900; area <= 999; area++) expect(rule(`${String(area)}123456`, 'all')).toBe('area_9xx');
    expect(rule('899-12-3456', 'all')).toBe('ok');
  });

  it('leaves areas below 900 to the other rules', () => {
    expect(rule('899-12-3456')).toBe('ok');
    expect(rule('500-12-3456')).toBe('ok');
  });
});

describe('validateSsn — SSA extras', () => {
  it('rejects area 666 but not its neighbours', () => {
    expect(rule('666-12-3456')).toBe('area_666');
    expect(rule('665-12-3456')).toBe('ok');
    expect(rule('667-12-3456')).toBe('ok');
  });
  it('rejects group 00', () => {
    expect(rule('123-00-4567')).toBe('group_00');
    expect(rule('123-01-4567')).toBe('ok');
  });
  it('rejects serial 0000', () => {
    expect(rule('123-45-0000')).toBe('serial_0000');
    expect(rule('123-45-0001')).toBe('ok');
  });
  it('reports the first failing rule in order format, 000, 9xx, 666, group, serial', () => {
    expect(rule('000-00-0000')).toBe('area_000');
    expect(rule('900-00-0000')).toBe('area_9xx');
    expect(rule('666-00-0000')).toBe('area_666');
    expect(rule('123-00-0000')).toBe('group_00');
  });
});

describe('validateSsn — properties', () => {
  const nineDigits = fc.stringMatching(/^\d{9}$/);
  it('the dashed and bare forms of the same digits give the same answer', () => {
    fc.assert(
      fc.property(nineDigits, (d) => {
        expect(validateSsn(formatSsn(d))).toEqual(validateSsn(d));
      }),
    );
  });
  it('a valid SSN is nine digits satisfying every rule', () => {
    fc.assert(
      fc.property(nineDigits, (d) => {
        const r = validateSsn(d);
        const area = d.slice(0, 3);
        const expected = area !== '000' && area !== '666' && !/^9[0-468]/.test(area) && d.slice(3, 5) !== '00' && d.slice(5) !== '0000';
        expect(r.ok).toBe(expected);
        if (r.ok) expect(r.value).toBe(d);
      }),
    );
  });
});

describe('SSN confirmation', () => {
  it('matches on digits, whatever the dashes', () => {
    expect(validateSsnConfirmation('123-45-6789', '123456789')).toEqual({ ok: true, value: '123456789' });
    expect(validateSsnConfirmation('123456789', '123-45-6789').ok).toBe(true);
  });
  it('fails with ssn_confirmation_mismatch otherwise', () => {
    expect(validateSsnConfirmation('123-45-6789', '123-45-6788')).toEqual({ ok: false, code: 'ssn_confirmation_mismatch' });
    expect(validateSsnConfirmation('123-45-6789', '')).toEqual({ ok: false, code: 'ssn_confirmation_mismatch' });
  });
});

describe('masking and formatting', () => {
  it('masks as xxx-xx-1234', () => {
    expect(maskSsn('123-45-6789')).toBe('xxx-xx-6789');
    expect(maskSsn('987654321')).toBe('xxx-xx-4321');
    expect(maskSsn('12')).toBe('xxx-xx-xxxx');
    expect(maskSsn('')).toBe('xxx-xx-xxxx');
  });
  it('formats nine digits with the mask, leaves anything else alone', () => {
    expect(formatSsn('123456789')).toBe('123-45-6789');
    expect(formatSsn('123-45-6789')).toBe('123-45-6789');
    expect(formatSsn('1234')).toBe('1234');
  });
  it('extracts digits', () => {
    expect(ssnDigits(' 123-45-6789 ')).toBe('123456789');
  });
});
