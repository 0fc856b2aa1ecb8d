import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { abaCheckDigit, hasFederalReservePrefix, hasValidAbaChecksum, maskRoutingNumber, validateRoutingNumber } from './routing-number';

const rule = (text: string): string => {
  const r = validateRoutingNumber(text);
  return r.ok ? 'ok' : r.rule;
};

describe('routing numbers (ABA 3-7-1)', () => {
  it.each(['021000021', '011000015', '121000358', '026009593', '110000000', '322271627'])('accepts the real routing number %s', (n) => {
    expect(validateRoutingNumber(n)).toEqual({ ok: true, value: n });
  });

  it('rejects a wrong check digit', () => {
    expect(rule('021000022')).toBe('checksum');
    expect(validateRoutingNumber('021000022')).toEqual({ ok: false, code: 'routing_number_invalid', rule: 'checksum' });
  });

  it.each(['', '02100002', '0210000211', '021-000-021', '02100002a', '021000021021'])('rejects %j as not nine digits', (n) => {
    expect(rule(n)).toBe('format');
  });

  it('trims surrounding whitespace', () => {
    expect(validateRoutingNumber(' 021000021 ')).toEqual({ ok: true, value: '021000021' });
  });

  it('rejects all zeros and non-Federal-Reserve prefixes (ABA extras)', () => {
    expect(rule('000000000')).toBe('all_zero');
    const withCheck = (eight: string): string => eight + String(abaCheckDigit(eight));
    expect(rule(withCheck('13000000'))).toBe('prefix');
    expect(rule(withCheck('50000000'))).toBe('prefix');
    expect(rule(withCheck('80000000'))).toBe('ok');
    expect(rule(withCheck('72000000'))).toBe('ok');
  });

  it('knows the prefix ranges 00-12, 21-32, 61-72, 80', () => {
    const ok = Array.from({ length: 100 }, (_, p) => p).filter((p) => hasFederalReservePrefix(String(p).padStart(2, '0') + '0000000'));
    expect(ok).toEqual([
      0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 61, 62, 63, 64, 65, 66, 67, 68, 69, 70, 71, 72, 80,
    ]);
  });

  it('computes the check digit', () => {
    expect(abaCheckDigit('02100002')).toBe(1);
    expect(abaCheckDigit('12100035')).toBe(8);
    expect(() => abaCheckDigit('1234567')).toThrow(RangeError);
  });

  it('property: the check digit makes a valid number and any single-digit change breaks it', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\d{8}$/), fc.integer({ min: 0, max: 8 }), fc.integer({ min: 1, max: 9 }), (eight, pos, delta) => {
        const n = eight + String(abaCheckDigit(eight));
        expect(hasValidAbaChecksum(n)).toBe(true);
        const changed = n.slice(0, pos) + String((n.charCodeAt(pos) - 48 + delta) % 10) + n.slice(pos + 1);
        expect(hasValidAbaChecksum(changed)).toBe(false);
      }),
    );
  });

  it('masks keeping the last four', () => {
    expect(maskRoutingNumber('021000021')).toBe('*****0021');
  });
});
