import { describe, expect, it } from 'vitest';
import type { EmployerAnswers } from './employer-form.schema';
import { employerFormSchema, employerSelectedRequest, incomeSourceRequest, newEmployerRequest } from './employer-form.schema';

const answers: EmployerAnswers = {
  incomeSource: 'Employed',
  employer: { id: 7, partnership: 'b2b_partner' },
  notListed: false,
  newEmployer: { name: ' Blue Co ', paymentFrequency: 'Weekly', paymentDate: '01/02/2035' },
  employeeId: ' E-1 ',
  workingTimeRange: '1 - 3 years',
  militaryActive: false,
};

describe('employer step requests (the contract schemas)', () => {
  it('selects a partner employer with the trimmed employee id and the active-duty answer', () => {
    expect(employerSelectedRequest(answers, 7)).toEqual({
      loan_borrower: { employer_id: 7, employee_id: 'E-1', working_time_range: '1 - 3 years', military_active: false },
    });
    expect(employerSelectedRequest({ ...answers, employer: { id: 8, partnership: null }, militaryActive: null }, 8)).toEqual({
      loan_borrower: { employer_id: 8, working_time_range: '1 - 3 years' },
    });
  });

  it('creates a new employer trimmed, and posts another source with its time range', () => {
    expect(newEmployerRequest(answers)).toEqual({ employer: { name: 'Blue Co', paymentFrequency: 'Weekly', paymentDate: '01/02/2035' } });
    expect(incomeSourceRequest({ ...answers, incomeSource: 'Retired' })).toEqual({ income_source: 'Retired', working_time_range: '1 - 3 years' });
    expect(() => newEmployerRequest({ newEmployer: { name: '', paymentFrequency: 'Weekly', paymentDate: '01/02/2035' } })).toThrow();
  });
});

describe('the employer form schema (the kit form of the step)', () => {
  const form = { ...answers, employer: { id: 7, name: 'Cedar', partnership: 'b2b_partner' } };

  it('lets complete answers through, the active-duty answer still open', () => {
    expect(employerFormSchema.safeParse(form).success).toBe(true);
    expect(employerFormSchema.safeParse({ ...form, militaryActive: null }).success).toBe(true);
  });

  it('refuses what Confirm refuses, with the reason of confirmBlocker on root.blocker', () => {
    const refused = employerFormSchema.safeParse({ ...form, employeeId: ' ' });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues).toEqual([expect.objectContaining({ path: ['root', 'blocker'], message: 'Enter your employee id.' })]);
    expect(employerFormSchema.safeParse({ ...form, incomeSource: null }).success).toBe(false);
    expect(employerFormSchema.safeParse({ ...form, workingTimeRange: null }).success).toBe(false);
  });
});
