import { describe, expect, it } from 'vitest';
import * as contract from '@payrail/contract/identity';
import * as copy from './identity-rules';

/** identity-rules.ts is a zod-free copy of the contract's rules for the public pages: it must not drift. */
describe('identity-rules is the contract’s', () => {
  it('same e-mail pattern, minimum length and referral bound', () => {
    expect(copy.EMAIL_PATTERN.source).toBe(contract.EMAIL_PATTERN.source);
    expect(copy.EMAIL_PATTERN.flags).toBe(contract.EMAIL_PATTERN.flags);
    expect(copy.PASSWORD_MIN).toBe(contract.PASSWORD_MIN);
    expect(copy.REFERRAL_CODE_MIN_EXCLUSIVE).toBe(contract.REFERRAL_CODE_MIN_EXCLUSIVE);
  });

  it('same password rules, in the same order, with the same answers', () => {
    expect(copy.PASSWORD_RULES.map((rule) => [rule.id, rule.label])).toEqual(contract.PASSWORD_RULES.map((rule) => [rule.id, rule.label]));
    for (const password of ['', 'abc', 'Abcdefg1', 'abcdefg1', 'ABCDEFG1', 'Abcdefgh', 'Abc defg1', 'Abcdefg1\t', '12345678', 'Ünïcödé1a']) {
      expect(copy.PASSWORD_RULES.map((rule) => rule.test(password)), password).toEqual(contract.PASSWORD_RULES.map((rule) => rule.test(password)));
      expect(copy.passwordIsValid(password)).toBe(contract.passwordIsValid(password));
    }
  });
});
