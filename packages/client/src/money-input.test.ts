import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { centsToInput, MONEY_INPUT_MSG, parseMoneyInput } from './money-input';

const cents = (text: string) => {
  const r = parseMoneyInput(text);
  return r.ok ? r.cents : r.code;
};

describe('parseMoneyInput: dollars as people type them → exact integer cents', () => {
  it('reads dollars and cents', () => {
    expect(cents('50')).toBe(5000);
    expect(cents('50.5')).toBe(5050);
    expect(cents('50.50')).toBe(5050);
    expect(cents('50.05')).toBe(5005);
    expect(cents('1,250.00')).toBe(125_000);
    expect(cents('$1,250')).toBe(125_000);
    expect(cents(' $ 10 ')).toBe(1000);
    expect(cents('.5')).toBe(50);
    expect(cents('0.01')).toBe(1);
    expect(cents('0')).toBe(0);
    expect(cents('007.10')).toBe(710);
    expect(cents('99,999,999.99')).toBe(9_999_999_999);
    // The classic float traps: exact, never 1.0049999 or 28.999999.
    expect(cents('0.29')).toBe(29);
    expect(cents('1.005'.slice(0, 4))).toBe(100);
    expect(cents('4.35')).toBe(435);
    expect(cents('1,234,567.89')).toBe(123_456_789);
  });

  it('refuses what is not an amount, each with a clear message', () => {
    expect(parseMoneyInput('')).toEqual({ ok: false, code: 'required', message: MONEY_INPUT_MSG.required });
    expect(parseMoneyInput('   ')).toMatchObject({ code: 'required' });
    expect(parseMoneyInput('50.505')).toEqual({ ok: false, code: 'too_many_decimals', message: MONEY_INPUT_MSG.tooManyDecimals });
    expect(parseMoneyInput('1,250.001')).toMatchObject({ code: 'too_many_decimals' });
    expect(parseMoneyInput('.125')).toMatchObject({ code: 'too_many_decimals' });
    for (const bad of ['abc', '12,50', '1,2500', '50.', '5 0', '-5', '1e3', '50..5', '12.3.4', ',100']) {
      expect(parseMoneyInput(bad), bad).toEqual({ ok: false, code: 'invalid', message: MONEY_INPUT_MSG.invalid });
    }
    expect(parseMoneyInput('100,000,000')).toEqual({ ok: false, code: 'too_large', message: MONEY_INPUT_MSG.tooLarge });
    expect(parseMoneyInput('123456789.00')).toMatchObject({ code: 'too_large' });
  });

  it('property: every amount of at most 10 digits of cents reads back exactly, with or without separators', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 9_999_999_999 }), (value) => {
        const whole = Math.floor(value / 100);
        const fraction = String(value % 100).padStart(2, '0');
        expect(cents(centsToInput(value))).toBe(value);
        expect(cents(`${whole}.${fraction}`)).toBe(value);
        expect(cents(`$${whole}.${fraction}`)).toBe(value);
        if (value % 100 === 0) expect(cents(String(whole))).toBe(value);
        if (value % 10 === 0) expect(cents(`${whole}.${fraction[0]}`)).toBe(value);
      }),
      { numRuns: 500 },
    );
  });
});

describe('centsToInput', () => {
  it('shows cents as an editable dollar amount', () => {
    expect(centsToInput(15_000)).toBe('150.00');
    expect(centsToInput(123_456)).toBe('1,234.56');
    expect(centsToInput(5)).toBe('0.05');
    expect(centsToInput(-1)).toBe('');
  });
});
