import { describe, expect, it } from 'vitest';
import { MSG } from '@payrail/contract/messages';
import { PAYROLL_SERVICE_OTHER } from '@payrail/contract/newflow';
import { employerInfoDefaults, employerInfoSchema } from './employer-info.schema';
import { stepErrors } from './step-form';

const filled = {
  ...employerInfoDefaults(),
  name: ' Acme ',
  first_name: 'Ana',
  last_name: 'Lima',
  work_email: 'ana@acme.com ',
  phone: '302 555 0101',
  payroll_service: 'ADP',
  multiple_paycheck: 'No',
};

describe('employer_info step schema', () => {
  it('requires every answer but the middle initial, a work e-mail, and the name of an Other payroll service', () => {
    expect(stepErrors(employerInfoSchema, employerInfoDefaults())).toEqual({
      name: MSG.required,
      first_name: MSG.required,
      last_name: MSG.required,
      work_email: MSG.required,
      phone: MSG.required,
      payroll_service: MSG.required,
      multiple_paycheck: MSG.required,
    });
    expect(stepErrors(employerInfoSchema, { ...filled, work_email: 'ana@acme' })).toEqual({ work_email: MSG.invalidEmail });
    expect(stepErrors(employerInfoSchema, { ...filled, payroll_service: PAYROLL_SERVICE_OTHER })).toEqual({ payroll_service_other: MSG.required });
  });

  it('gives the step body, trimmed, with the typed name for Other', () => {
    expect(employerInfoSchema.parse({ ...filled, payroll_service: PAYROLL_SERVICE_OTHER, payroll_service_other: ' Gusto ' })).toEqual({
      workflow_status_key: 'employer_info',
      employer: { name: 'Acme', multiple_paycheck: 'No', payroll_service: 'Gusto', work_email: 'ana@acme.com' },
      loan_borrower: { phone: '302 555 0101', first_name: 'Ana', last_name: 'Lima', middle_initial: '' },
    });
  });
});
