import { describe, expect, it } from 'vitest';
import { passwordChecks, validatePassword, validatePasswordConfirmation } from './password';

const code = (p: string): string => {
  const r = validatePassword(p);
  return r.ok ? 'ok' : r.code;
};

describe('validatePassword', () => {
  it('accepts 8+ characters with a digit, a lowercase and an uppercase letter', () => {
    expect(validatePassword('Payrail-demo-1')).toEqual({ ok: true, value: 'Payrail-demo-1' });
    expect(code('Abcdefg1')).toBe('ok');
  });
  it('reports each rule', () => {
    expect(code('Abcdef1')).toBe('password_too_short');
    expect(code('')).toBe('password_too_short');
    expect(code('Abcdefgh')).toBe('password_missing_digit');
    expect(code('ABCDEFG1')).toBe('password_missing_lowercase');
    expect(code('abcdefg1')).toBe('password_missing_uppercase');
    expect(code('Abcd efg1')).toBe('password_has_space');
    expect(code(' Abcdefg1')).toBe('password_has_space');
    expect(code('Abcdefg1\t')).toBe('password_has_space');
  });
  it('counts only ASCII letters as lower/upper case', () => {
    expect(code('ÀÉÎÕÜ123a')).toBe('password_missing_uppercase');
  });
  it('exposes every rule for the live display', () => {
    expect(passwordChecks('abc')).toEqual({ noSpaces: true, minLength: false, digit: false, lowercase: true, uppercase: false });
    expect(passwordChecks('Abc 12345')).toEqual({ noSpaces: false, minLength: true, digit: true, lowercase: true, uppercase: true });
  });
  it('requires the repeat to match exactly', () => {
    expect(validatePasswordConfirmation('Abcdefg1', 'Abcdefg1')).toEqual({ ok: true, value: 'Abcdefg1' });
    expect(validatePasswordConfirmation('Abcdefg1', 'abcdefg1')).toEqual({ ok: false, code: 'password_mismatch' });
  });
});
