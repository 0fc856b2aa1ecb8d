import { describe, expect, it } from 'vitest';
import { checkText, normalizeText } from './text';

const r = (v: { ok: true; value: unknown } | { ok: false; code: string }): unknown => (v.ok ? v.value : v.code);

describe('text basics', () => {
  it('trims', () => {
    expect(normalizeText('  Ana  Maria \n')).toBe('Ana  Maria');
  });
  it('checks presence and length after trimming', () => {
    expect(r(checkText('  ', { required: true }))).toBe('required');
    expect(r(checkText('  ', { required: false }))).toBe('');
    expect(r(checkText(' abc ', { required: true, max: 3 }))).toBe('abc');
    expect(r(checkText('abcd', { required: true, max: 3 }))).toBe('too_long');
  });
});
