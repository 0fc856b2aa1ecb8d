import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cents } from '../money';
import {
  checkAutoDebitAmount,
  checkOneTimePaymentAmount,
  MIN_ONE_TIME_PAYMENT_CENTS,
  fileDollarsToCents,
  parseCentsInput,
  parseDollarField,
} from './money-input';

const dollars = (text: string, max?: number): number | string => {
  const r = parseDollarField(text, max);
  return r.ok ? r.value : r.code;
};
const centsIn = (text: string): number | string => {
  const r = parseCentsInput(text);
  return r.ok ? r.value : r.code;
};

describe('dollar fields (income, household income, housing payment: up to 5 digits)', () => {
  it('reads plain, grouped and $-prefixed amounts as cents', () => {
    expect(dollars('45000')).toBe(4_500_000);
    expect(dollars('45,000')).toBe(4_500_000);
    expect(dollars('$45,000')).toBe(4_500_000);
    expect(dollars('$ 45,000.50')).toBe(4_500_050);
    expect(dollars('1200.5')).toBe(120_050);
    expect(dollars('0')).toBe(0);
    expect(dollars(' 99999.99 ')).toBe(9_999_999);
  });
  it('allows at most five integer digits', () => {
    expect(dollars('99,999')).toBe(9_999_900);
    expect(dollars('100000')).toBe('amount_too_long');
    expect(dollars('100,000')).toBe('amount_too_long');
    expect(dollars('000045000')).toBe(4_500_000); // leading zeros are not digits of the amount
    expect(dollars('123456', 6)).toBe(12_345_600);
  });
  it.each(['abc', '45.000', '4,5000', '45,00', '-100', '1e5', '$', '45.', '.5'])('rejects %j as amount_invalid', (t) => {
    expect(dollars(t)).toBe('amount_invalid');
  });
  it('requires a value', () => {
    expect(dollars('  ')).toBe('required');
  });
});

describe('amount inputs (digits only, max 10 characters, cents)', () => {
  it('reads digits as cents', () => {
    expect(centsIn('1050')).toBe(1050);
    expect(centsIn('0')).toBe(0);
    expect(centsIn('9999999999')).toBe(9_999_999_999);
  });
  it('rejects non-digits, more than 10 characters and empty input', () => {
    expect(centsIn('10.50')).toBe('amount_invalid');
    expect(centsIn('1,050')).toBe('amount_invalid');
    expect(centsIn('-1')).toBe('amount_invalid');
    expect(centsIn('12345678901')).toBe('amount_too_long');
    expect(centsIn('')).toBe('required');
  });
  it('property: any 1-10 digit string is its own number of cents', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\d{1,10}$/), (s) => {
        expect(parseCentsInput(s)).toEqual({ ok: true, value: Number(s) });
      }),
    );
  });
});

describe('payment minimums', () => {
  it('a one-time payment is at least $10 (lowerThanMinimum)', () => {
    expect(MIN_ONE_TIME_PAYMENT_CENTS).toBe(1000);
    expect(checkOneTimePaymentAmount(cents(1000))).toEqual({ ok: true, value: 1000 });
    expect(checkOneTimePaymentAmount(cents(999))).toEqual({ ok: false, code: 'lower_than_minimum' });
  });
  it('an auto-debit is at least the payment per term (lowerThanTerm)', () => {
    expect(checkAutoDebitAmount(cents(18_341), cents(18_341)).ok).toBe(true);
    expect(checkAutoDebitAmount(cents(20_000), cents(18_341)).ok).toBe(true);
    expect(checkAutoDebitAmount(cents(18_340), cents(18_341))).toEqual({ ok: false, code: 'lower_than_term' });
  });
});

describe('fileDollarsToCents', () => {
  it('reads plain dollars in integer cents, a dollar sign only when allowed', () => {
    expect(['0', '1.5', '125.40', '99999.99', ' 7 '].map((t) => fileDollarsToCents(t, { dollarSign: false }))).toEqual([0, 150, 12540, 9999999, 700]);
    expect(fileDollarsToCents('$125', { dollarSign: true })).toBe(12500);
    expect(fileDollarsToCents('$125', { dollarSign: false })).toBeNull();
    expect(['', '-1.00', '1,000.00', '1.234', 'abc', '100000.00', '1e3'].map((t) => fileDollarsToCents(t, { dollarSign: true }))).toEqual([
      null,
      null,
      null,
      null,
      null,
      null,
      null,
    ]);
  });
});
