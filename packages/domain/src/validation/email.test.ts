import { describe, expect, it } from 'vitest';
import { isEmail, validateEmail } from './email';

describe('validateEmail', () => {
  it.each(['ana@example.com', 'ana.maria+loans@mail.example.co', "o'brien@example.org", 'a_b-c@sub-domain.example.io', 'X@Y.ZZ'])('accepts %s', (e) => {
    expect(validateEmail(e)).toEqual({ ok: true, value: e });
  });
  it('trims', () => {
    expect(validateEmail('  ana@example.com ')).toEqual({ ok: true, value: 'ana@example.com' });
  });
  it('requires a value', () => {
    expect(validateEmail('   ')).toEqual({ ok: false, code: 'required' });
  });
  it.each([
    'ana',
    'ana@',
    '@example.com',
    'ana@@example.com',
    'ana@example',
    'ana@localhost',
    'ana@-example.com',
    'ana@example-.com',
    'ana@exa mple.com',
    'ana maria@example.com',
    'ana@example..com',
    'ana@.example.com',
    'ana@example.com.',
    'a(b)@example.com',
  ])('rejects %j', (e) => {
    expect(validateEmail(e)).toEqual({ ok: false, code: 'email_invalid' });
  });
  it('enforces the RFC 5321 lengths', () => {
    expect(isEmail(`${'a'.repeat(64)}@example.com`)).toBe(true);
    expect(isEmail(`${'a'.repeat(65)}@example.com`)).toBe(false);
    const label = 'a'.repeat(63);
    expect(isEmail(`a@${label}.${label}.${label}.${'a'.repeat(57)}.com`)).toBe(false); // 255 characters
    expect(isEmail(`a@${'a'.repeat(64)}.com`)).toBe(false); // label over 63
  });
});
