import { describe, expect, it } from 'vitest';
import { ACCOUNT_NUMBER_MAX, maskAccountNumber, validateAccountNumber } from './account-number';

describe('account numbers (up to 20 digits)', () => {
  it('accepts 1 to 20 digits', () => {
    expect(validateAccountNumber('1')).toEqual({ ok: true, value: '1' });
    expect(validateAccountNumber('000123456789')).toEqual({ ok: true, value: '000123456789' });
    expect(validateAccountNumber('1'.repeat(ACCOUNT_NUMBER_MAX)).ok).toBe(true);
    expect(validateAccountNumber(' 12345 ')).toEqual({ ok: true, value: '12345' });
  });
  it.each(['', '1'.repeat(21), '1234-5678', '12 34', 'abc', '*****6789'])('rejects %j', (n) => {
    expect(validateAccountNumber(n)).toEqual({ ok: false, code: 'account_number_invalid' });
  });
  it('masks keeping the last four', () => {
    expect(maskAccountNumber('123456789')).toBe('*****6789');
    expect(maskAccountNumber('1234')).toBe('1234');
  });
});
