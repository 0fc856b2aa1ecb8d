import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  applyRatio,
  type Cents,
  cents,
  formatCents,
  formatUsd,
  formatUsdWhole,
  parseAnnualRatePercent,
  parseDecimal,
  periodicRate,
  prorate,
  ratio,
  roundHalfUp,
  sumCents,
} from './money';

describe('cents', () => {
  it('accepts safe integers only', () => {
    expect(cents(12345)).toBe(12345);
    expect(() => cents(1.5)).toThrow(RangeError);
    expect(() => cents(Number.NaN)).toThrow(RangeError);
    expect(() => cents(2 ** 60)).toThrow(RangeError);
  });
  it('sums and formats', () => {
    expect(sumCents([1, 2, 3])).toBe(6);
    expect(formatCents(cents(123456))).toBe('1234.56');
    expect(formatCents(cents(-5))).toBe('-0.05');
  });
});

describe('formatUsd — the one display of money', () => {
  it('golden amounts: zero, cents, thousands, negative, large', () => {
    const golden: [number, string][] = [
      [0, '$0.00'],
      [1, '$0.01'],
      [5, '$0.05'],
      [99, '$0.99'],
      [100, '$1.00'],
      [123456, '$1,234.56'],
      [100000, '$1,000.00'],
      [99999999, '$999,999.99'],
      [2500000, '$25,000.00'],
      [-5, '-$0.05'],
      [-250000, '-$2,500.00'],
      [123456789012, '$1,234,567,890.12'],
      [Number.MAX_SAFE_INTEGER, '$90,071,992,547,409.91'],
      [-Number.MAX_SAFE_INTEGER, '-$90,071,992,547,409.91'],
    ];
    for (const [amount, text] of golden) expect(formatUsd(cents(amount)), String(amount)).toBe(text);
  });
  it('whole dollars without the cents: golden amounts; cents are refused, not rounded', () => {
    const golden: [number, string][] = [
      [0, '$0'],
      [10000, '$100'],
      [100000, '$1,000'],
      [5000000, '$50,000'],
      [-250000, '-$2,500'],
      [123456789000, '$1,234,567,890'],
    ];
    for (const [amount, text] of golden) expect(formatUsdWhole(cents(amount)), String(amount)).toBe(text);
    expect(() => formatUsdWhole(cents(123456))).toThrow(RangeError);
    expect(() => formatUsdWhole(cents(1))).toThrow(RangeError);
  });
  it('never shows a half cent: a fraction of a cent is refused, not rounded', () => {
    expect(() => formatUsd(0.5 as Cents)).toThrow(RangeError);
    expect(() => formatUsd(100.5 as Cents)).toThrow(RangeError);
    expect(() => formatUsd(Number.NaN as Cents)).toThrow(RangeError);
    expect(() => formatCents(1.5 as Cents)).toThrow(RangeError);
  });
  it('reads back to the same cents (digits only, no float)', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e15, max: 1e15 }), (n) => {
        const text = formatUsd(cents(n));
        expect(text).toMatch(/^-?\$\d{1,3}(,\d{3})*\.\d{2}$/);
        expect(Number(text.replace(/[$,.]/g, ''))).toBe(n);
      }),
    );
  });
});

describe('roundHalfUp — the one rounding', () => {
  it('rounds ties away from zero', () => {
    expect(roundHalfUp(5, 2)).toBe(3);
    expect(roundHalfUp(-5, 2)).toBe(-3);
    expect(roundHalfUp(149, 100)).toBe(1);
    expect(roundHalfUp(150, 100)).toBe(2);
    expect(roundHalfUp(7, -2)).toBe(-4);
  });
  it('is exact beyond 2^53 via BigInt and agrees with the number path', () => {
    expect(roundHalfUp(10n ** 20n + 5n * 10n ** 5n, 10n ** 6n)).toBe(10 ** 14 + 1);
    fc.assert(
      fc.property(fc.integer({ min: -1e12, max: 1e12 }), fc.integer({ min: 1, max: 1e9 }), (n, d) => {
        expect(roundHalfUp(n, d)).toBe(roundHalfUp(BigInt(n), BigInt(d)));
      }),
    );
  });
  it('applies exact rates and prorations', () => {
    const monthly = periodicRate(parseAnnualRatePercent('12.99'), 12);
    expect(monthly).toEqual({ num: 433, den: 40000 });
    expect(applyRatio(100000, monthly)).toBe(1083); // 1082.5 → 1083
    expect(applyRatio(9_000_000_000_000, ratio(1, 3))).toBe(3_000_000_000_000);
    expect(applyRatio(2 ** 52, ratio(3, 7))).toBe(roundHalfUp(BigInt(2 ** 52) * 3n, 7n));
    expect(prorate(3991, 8, 16)).toBe(1996); // 1995.5 → 1996
  });
});

describe('rates', () => {
  it('parses decimal percent strings exactly', () => {
    expect(parseDecimal('12.99')).toEqual({ num: 1299, den: 100 });
    expect(parseDecimal('0')).toEqual({ num: 0, den: 1 });
    expect(parseAnnualRatePercent('24.99').fraction).toEqual({ num: 2499, den: 10000 });
    expect(() => parseDecimal('1e3')).toThrow(RangeError);
    expect(() => parseDecimal('-1')).toThrow(RangeError);
    expect(() => parseAnnualRatePercent('1000')).toThrow(RangeError);
  });
});
