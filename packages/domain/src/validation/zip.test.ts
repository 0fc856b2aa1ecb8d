import { describe, expect, it } from 'vitest';
import { validateZip } from './zip';

describe('validateZip', () => {
  it('accepts five digits, trimmed', () => {
    expect(validateZip('02110')).toEqual({ ok: true, value: '02110' });
    expect(validateZip(' 90210 ')).toEqual({ ok: true, value: '90210' });
  });
  it.each(['', '1234', '123456', '02110-1234', '0211a', '021 10'])('rejects %j', (z) => {
    expect(validateZip(z)).toEqual({ ok: false, code: 'zip_invalid' });
  });
});
