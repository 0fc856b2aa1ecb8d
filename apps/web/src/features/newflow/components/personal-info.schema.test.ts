import { describe, expect, it } from 'vitest';
import { MSG } from '@payrail/contract/messages';
import { OWN_NO_MORTGAGE, ZIP_MESSAGE, housingSchema, personalSchema } from './personal-info.schema';
import type { PersonalAnswers } from './personal-info.schema';
import { stepErrors } from './step-form';

describe('personal_info housing sub-step schema', () => {
  it('sends the monthly payment in integer cents, and none for a home owned without a mortgage', () => {
    expect(housingSchema.parse({ housing_type: 'rent', housing_payment: '1250', education_level: 'college' })).toEqual({
      workflow_status_key: 'personal_info',
      sub_step: 'rent',
      loan_borrower: { housing_type: 'rent', housing_payment: 125_000, education_level: 'college' },
    });
    expect(housingSchema.parse({ housing_type: OWN_NO_MORTGAGE, housing_payment: '900', education_level: 'college' }).loan_borrower.housing_payment).toBeNull();
  });

  it('requires the housing, its payment unless owned outright, and the education', () => {
    expect(stepErrors(housingSchema, { housing_type: null, housing_payment: '', education_level: null })).toEqual({
      housing_type: MSG.required,
      education_level: MSG.required,
    });
    expect(stepErrors(housingSchema, { housing_type: 'rent', housing_payment: '', education_level: 'college' })).toEqual({ housing_payment: MSG.required });
    expect(stepErrors(housingSchema, { housing_type: OWN_NO_MORTGAGE, housing_payment: '', education_level: 'college' })).toEqual({});
  });
});

describe('personal_info personal sub-step schema', () => {
  const filled: PersonalAnswers = {
    first_name: ' Ana ',
    middle_initial: '',
    last_name: 'Lima',
    phone: '+13025550101',
    date_of_birth: '01/02/1990',
    driver_license_number: 'D123',
    driver_license_state_id: '8',
    address: '1 Main St',
    unit_number: '',
    city: 'Dover',
    state_id: '8',
    zip_code: '19901',
    phone_typed: true,
  };

  it('gives the step body: trimmed, the date as YYYY-MM-DD, the state ids as numbers', () => {
    expect(personalSchema.parse(filled).loan_borrower).toMatchObject({
      first_name: 'Ana',
      date_of_birth: '1990-01-02',
      state_id: 8,
      driver_license_state_id: 8,
    });
  });

  it('says what is wrong: required answers, the zip, and an empty phone as invalid once something was typed', () => {
    expect(stepErrors(personalSchema, { ...filled, city: ' ', zip_code: '199', phone: '' })).toEqual({
      city: MSG.required,
      zip_code: ZIP_MESSAGE,
      phone: MSG.invalidPhone,
    });
    expect(stepErrors(personalSchema, { ...filled, phone: '', phone_typed: false })).toEqual({ phone: MSG.required });
  });
});
