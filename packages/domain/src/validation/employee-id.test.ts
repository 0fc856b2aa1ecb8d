import { describe, expect, it } from 'vitest';
import { validateEmployeeId } from './employee-id';

const r = (v: { ok: true; value: unknown } | { ok: false; code: string }): unknown => (v.ok ? v.value : v.code);

describe('employee id (partner employers, max 30)', () => {
  it('is required for partners and optional otherwise', () => {
    expect(r(validateEmployeeId('', true))).toBe('required');
    expect(r(validateEmployeeId('', false))).toBe('');
    expect(r(validateEmployeeId(' E-12345 ', true))).toBe('E-12345');
  });
  it('is at most 30 characters', () => {
    expect(r(validateEmployeeId('9'.repeat(30), true))).toBe('9'.repeat(30));
    expect(r(validateEmployeeId('9'.repeat(31), true))).toBe('too_long');
  });
});
