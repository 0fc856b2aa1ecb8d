import { describe, expect, it } from 'vitest';
import { validateReferralCode } from './referral-code';

describe('referral code (optional, longer than 3)', () => {
  it('is optional', () => {
    expect(validateReferralCode('')).toEqual({ ok: true, value: null });
    expect(validateReferralCode('   ')).toEqual({ ok: true, value: null });
  });
  it('must be longer than 3 characters when given', () => {
    expect(validateReferralCode('ABC')).toEqual({ ok: false, code: 'referral_code_too_short' });
    expect(validateReferralCode(' ABC ')).toEqual({ ok: false, code: 'referral_code_too_short' });
    expect(validateReferralCode('ABCD')).toEqual({ ok: true, value: 'ABCD' });
  });
});
