import { describe, expect, it } from 'vitest';
import { MSG } from '@payrail/contract/messages';
import { NEWFLOW_LOAN_REQUEST_RANGE_MSG } from '@payrail/contract/newflow-rules';
import type { TEmployer } from '@payrail/contract/reference';
import { REFERRAL_TOO_SHORT } from './form-rules';
import { LOAN_REQUEST_MAX, LOAN_REQUEST_MIN, checkYourRateDefaults, validateCheckYourRate, validateLoanRequest } from './newflow-signup-rules';

describe('Check Your Rate rules', () => {
  it('loan information: whole dollars in range to cents, the frequency lowercased, a purpose', () => {
    expect(validateLoanRequest({ amount: String(LOAN_REQUEST_MIN), payment_frequency: 'Monthly', loan_purpose_name: 'Car repair' })).toEqual({
      values: { amount: LOAN_REQUEST_MIN * 100, payment_frequency: 'monthly', loan_purpose_name: 'Car repair' },
    });
    expect(validateLoanRequest({ amount: '', payment_frequency: null, loan_purpose_name: null })).toEqual({
      errors: { amount: MSG.required, payment_frequency: MSG.required, loan_purpose_name: MSG.required },
    });
    expect(validateLoanRequest({ amount: String(LOAN_REQUEST_MAX + 1), payment_frequency: 'Monthly', loan_purpose_name: 'x' }).errors).toEqual({
      amount: NEWFLOW_LOAN_REQUEST_RANGE_MSG,
    });
  });

  it('loan information: the amount is read as text into integer cents (the money-input reader), whole dollars only', () => {
    const loan = { payment_frequency: 'Monthly', loan_purpose_name: 'Car repair' };
    expect(validateLoanRequest({ ...loan, amount: '$1,250' }).values?.amount).toBe(125_000);
    expect(validateLoanRequest({ ...loan, amount: '1234' }).values?.amount).toBe(123_400);
    expect(validateLoanRequest({ ...loan, amount: '1250.50' }).errors).toEqual({ amount: NEWFLOW_LOAN_REQUEST_RANGE_MSG });
    expect(validateLoanRequest({ ...loan, amount: '12,50' }).errors).toEqual({ amount: NEWFLOW_LOAN_REQUEST_RANGE_MSG });
  });

  it('e-mail step: a valid e-mail, a referral code over 3 characters, the terms; a partner also the employer and employee id', () => {
    const input = { ...checkYourRateDefaults, email: ' ana@example.com ', terms: true };
    expect(validateCheckYourRate(input, false)).toEqual({
      values: { email: 'ana@example.com', friend_refer_code: null, employer: null, employee_id: undefined },
    });
    expect(validateCheckYourRate({ ...input, friend_refer_code: 'ABC' }, false).errors).toEqual({ friend_refer_code: REFERRAL_TOO_SHORT });
    expect(validateCheckYourRate({ ...input, terms: false }, false).errors).toEqual({ terms: MSG.required });
    expect(validateCheckYourRate(input, true).errors).toEqual({ employer: MSG.required, employee_id: MSG.required });
    const employer = { id: 3, name: 'Acme' } as TEmployer;
    expect(validateCheckYourRate({ ...input, employer, employee_id: ' E-1 ' }, true).values).toEqual({
      email: 'ana@example.com',
      friend_refer_code: null,
      employer,
      employee_id: 'E-1',
    });
  });
});
