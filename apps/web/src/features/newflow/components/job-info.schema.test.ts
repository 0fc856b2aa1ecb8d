import { describe, expect, it } from 'vitest';
import { MSG } from '@payrail/contract/messages';
import { EMPLOYER_NEEDED, jobInfoSchema } from './job-info.schema';
import type { JobInfoAnswers } from './job-info.schema';
import { stepErrors } from './step-form';

const answers: JobInfoAnswers = {
  employer_id: { kind: 'listed', id: 31, name: 'Cedar' },
  employment_status: 'Full-time',
  payment_frequency: 'biweekly',
  working_time_range: '1 - 3 years',
  annual_income: '60000',
  annual_household_income: '1234567',
};

describe('job_info step schema', () => {
  it('gives the step body with the employer id and both incomes in integer cents', () => {
    expect(jobInfoSchema.parse(answers)).toEqual({
      workflow_status_key: 'job_info',
      loan_borrower: {
        employer_id: 31,
        employment_status: 'Full-time',
        payment_frequency: 'biweekly',
        working_time_range: '1 - 3 years',
        annual_income: 6_000_000,
        annual_household_income: 123_456_700,
      },
    });
    expect(jobInfoSchema.parse({ ...answers, employer_id: { kind: 'other', id: 99 } }).loan_borrower.employer_id).toBe(99);
  });

  it('requires every answer', () => {
    const empty: JobInfoAnswers = {
      employer_id: null,
      employment_status: '',
      payment_frequency: '',
      working_time_range: '',
      annual_income: '',
      annual_household_income: '',
    };
    expect(stepErrors(jobInfoSchema, empty)).toEqual({
      employer_id: EMPLOYER_NEEDED,
      employment_status: MSG.required,
      payment_frequency: MSG.required,
      working_time_range: MSG.required,
      annual_income: MSG.required,
      annual_household_income: MSG.required,
    });
  });
});
