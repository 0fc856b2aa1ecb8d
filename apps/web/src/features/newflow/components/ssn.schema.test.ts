import { describe, expect, it } from 'vitest';
import { NEWFLOW_MSG } from '@payrail/contract/newflow';
import { stepErrors } from './step-form';
import { ssnStepSchema } from './ssn.schema';

describe('ssn step schema', () => {
  it('takes a valid SSN typed twice, as the step sends it', () => {
    const answers = { social_security_number: '123-45-6789', social_security_number_confirmation: '123-45-6789' };
    expect(ssnStepSchema.parse(answers)).toEqual(answers);
    expect(stepErrors(ssnStepSchema, answers)).toEqual({});
  });

  it('says "SSN is not valid" first, and "SSN does not match" only of a valid SSN', () => {
    expect(stepErrors(ssnStepSchema, { social_security_number: '000-12-3456', social_security_number_confirmation: '' })).toEqual({
      social_security_number: NEWFLOW_MSG.ssnInvalid,
    });
    expect(stepErrors(ssnStepSchema, { social_security_number: '123-45-6789', social_security_number_confirmation: '123-45-6780' })).toEqual({
      social_security_number_confirmation: NEWFLOW_MSG.ssnMismatch,
    });
  });
});
