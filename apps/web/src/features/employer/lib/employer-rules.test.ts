import { describe, expect, it } from 'vitest';
import { confirmBlocker } from './employer-rules';
import type { EmployerAnswers } from './employer-rules';

const base: EmployerAnswers = {
  incomeSource: 'Employed',
  employer: { id: 1, partnership: null },
  notListed: false,
  newEmployer: { name: '', paymentFrequency: '', paymentDate: '' },
  employeeId: '',
  workingTimeRange: '1 - 3 years',
  militaryActive: false,
};

describe('employer confirm rules (spec §5)', () => {
  it('allows a chosen employer with a time range of a year or more', () => {
    expect(confirmBlocker(base)).toBeNull();
  });

  it('needs a source of income and a time range', () => {
    expect(confirmBlocker({ ...base, incomeSource: null })).not.toBeNull();
    expect(confirmBlocker({ ...base, workingTimeRange: null })).not.toBeNull();
    expect(confirmBlocker({ ...base, incomeSource: 'Retired', employer: null })).toBeNull();
  });

  it('needs an employer, or a complete new one when not listed', () => {
    expect(confirmBlocker({ ...base, employer: null })).not.toBeNull();
    const notListed = { ...base, employer: null, notListed: true };
    expect(confirmBlocker({ ...notListed, newEmployer: { name: 'Acme', paymentFrequency: 'Weekly', paymentDate: '11/1' } })).not.toBeNull();
    expect(confirmBlocker({ ...notListed, newEmployer: { name: ' ', paymentFrequency: 'Weekly', paymentDate: '11/01/2026' } })).not.toBeNull();
    expect(confirmBlocker({ ...notListed, newEmployer: { name: 'Acme', paymentFrequency: '', paymentDate: '11/01/2026' } })).not.toBeNull();
    expect(confirmBlocker({ ...notListed, newEmployer: { name: 'Acme', paymentFrequency: 'Weekly', paymentDate: '11/01/2026' } })).toBeNull();
  });

  it('needs the employee id of a partner employer', () => {
    const partner = { ...base, employer: { id: 2, partnership: 'b2b_partner' } };
    expect(confirmBlocker(partner)).toBe('Enter your employee id.');
    expect(confirmBlocker({ ...partner, employeeId: 'E-1' })).toBeNull();
  });

  it('is not disabled by less than a year, active duty or an unanswered active-duty question (the server refuses them on Confirm)', () => {
    expect(confirmBlocker({ ...base, workingTimeRange: 'Less than 1 year' })).toBeNull();
    expect(confirmBlocker({ ...base, militaryActive: true })).toBeNull();
    expect(confirmBlocker({ ...base, militaryActive: null })).toBeNull();
    expect(confirmBlocker({ ...base, incomeSource: 'Other', employer: null, workingTimeRange: 'Less than 1 year', militaryActive: null })).toBeNull();
  });
});
