import { describe, expect, it } from 'vitest';
import { validateDriverLicenseNumber, validateFullName, validateInitial, validateMiddleInitial, validatePersonName, validateUnitNumber } from './names';

const r = (v: { ok: true; value: unknown } | { ok: false; code: string }): unknown => (v.ok ? v.value : v.code);

describe('names and personal fields', () => {
  it('first and last names are required and trimmed', () => {
    expect(r(validatePersonName(' Ana '))).toBe('Ana');
    expect(r(validatePersonName(''))).toBe('required');
  });
  it('middle initial: optional, at most 1', () => {
    expect(r(validateMiddleInitial(''))).toBe('');
    expect(r(validateMiddleInitial(' Q '))).toBe('Q');
    expect(r(validateMiddleInitial('QR'))).toBe('too_long');
  });
  it('unit number: optional, at most 10', () => {
    expect(r(validateUnitNumber('Apt 12B'))).toBe('Apt 12B');
    expect(r(validateUnitNumber('1234567890'))).toBe('1234567890');
    expect(r(validateUnitNumber('12345678901'))).toBe('too_long');
    expect(r(validateUnitNumber(''))).toBe('');
  });
  it('driver licence number: required, at most 30', () => {
    expect(r(validateDriverLicenseNumber('D1234567'))).toBe('D1234567');
    expect(r(validateDriverLicenseNumber('X'.repeat(30)))).toBe('X'.repeat(30));
    expect(r(validateDriverLicenseNumber('X'.repeat(31)))).toBe('too_long');
    expect(r(validateDriverLicenseNumber(' '))).toBe('required');
  });
  it('full name of the lead form is required', () => {
    expect(r(validateFullName(''))).toBe('required');
    expect(r(validateFullName('Ana Maria'))).toBe('Ana Maria');
  });
  it('education-program initials are exactly one character', () => {
    expect(r(validateInitial('A'))).toBe('A');
    expect(r(validateInitial(''))).toBe('required');
    expect(r(validateInitial('AB'))).toBe('too_long');
  });
});
