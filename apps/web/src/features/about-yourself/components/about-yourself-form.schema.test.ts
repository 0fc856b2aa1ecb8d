import { describe, expect, it } from 'vitest';
import { FORM_FIELDS } from '../lib/fields';
import type { FormValues } from '../lib/fields';
import {
  AUTO_SAVE_RETRY_MSG,
  aboutYourselfDefaults,
  aboutYourselfFormSchema,
  continueGate,
  maskedPhone,
  referencesRequest,
} from './about-yourself-form.schema';
import type { Reference, StepState } from './about-yourself-form.schema';

const REFS: Reference[] = [
  { firstName: ' Ana ', lastName: 'Lima', relationship: 'sister', phone: '(302)555-0101' },
  { firstName: 'Bo', lastName: 'Reyes', relationship: 'friend', phone: '(302)555-0102' },
];
const filled = (): FormValues => {
  const values = Object.fromEntries(FORM_FIELDS.map((f) => [f, 'x'])) as FormValues;
  values.date_of_birth = '01/02/1990';
  values.annual_income = '$60,000';
  values.annual_household_income = '$60,000';
  values.housing_payment = '$900';
  values.unit_number = '';
  values.social_security_number = '';
  return values;
};
const step = (over: Partial<StepState> = {}): StepState => ({
  values: filled(),
  ssnConfirmation: '',
  ssnOnFile: 'xxx-xx-1234',
  errors: {},
  saveState: {},
  references: REFS,
  referencesState: 'saved',
  ...over,
});

describe('about yourself: the step rules', () => {
  it('sends the references only as the contract takes them (both, four answers, a US phone), trimmed', () => {
    expect(referencesRequest(REFS)?.[0]?.firstName).toBe('Ana');
    expect(referencesRequest([REFS[0]!])).toBeNull();
    expect(referencesRequest([REFS[0]!, { ...REFS[1]!, phone: '(302)555-01' }])).toBeNull();
    expect(referencesRequest([REFS[0]!, { ...REFS[1]!, relationship: '  ' }])).toBeNull();
  });

  it('shows a phone on file in the mask', () => {
    expect(maskedPhone('+1 302 555 0101')).toBe('(302)555-0101');
  });

  it('is ready when every answer is present and saved, the SSN on file', () => {
    expect(continueGate(step())).toEqual({ ready: true, hint: null });
  });

  it('says what is missing, what to check, and waits for saves and for the connection', () => {
    expect(continueGate(step({ values: { ...filled(), city: ' ' } })).hint).toBe('Still needed: City.');
    expect(continueGate(step({ values: { ...filled(), date_of_birth: '01/02' }, saveState: { date_of_birth: 'pending' } })).hint).toBe(
      'Still needed: Date of birth (MM/DD/YYYY).',
    );
    expect(continueGate(step({ errors: { zip_code: 'is invalid' }, saveState: { zip_code: 'error' } })).hint).toBe('Check: ZIP code.');
    expect(continueGate(step({ saveState: { city: 'pending' } })).hint).toBe('Saving your answers…');
    expect(continueGate(step({ errors: { city: AUTO_SAVE_RETRY_MSG }, saveState: { city: 'retrying' } })).hint).toBe(
      'Some answers are not saved yet: waiting for the connection.',
    );
    expect(continueGate(step({ references: [REFS[0]!, { ...REFS[1]!, phone: '' }], referencesState: 'pending' })).hint).toBe(
      'Still needed: References (all four answers of both, with a 10-digit phone).',
    );
  });

  it('needs the SSN and its confirmation when none is on file', () => {
    expect(continueGate(step({ ssnOnFile: null })).hint).toBe('Still needed: Social security number.');
    expect(continueGate(step({ ssnOnFile: null, values: { ...filled(), social_security_number: '123-45-6789' } })).hint).toBe(
      'Still needed: Confirm social security number.',
    );
  });

  it('starts the form with the answers on file: the SSN empty, money without cents, two references with masked phones', () => {
    const onFile = Object.fromEntries(FORM_FIELDS.map((f) => [f, null])) as Record<(typeof FORM_FIELDS)[number], null | string | number>;
    onFile.first_name = 'Ana';
    onFile.social_security_number = 'xxx-xx-1234';
    onFile.annual_income = '60000.00';
    onFile.state_id = 7;
    const start = aboutYourselfDefaults(onFile, [{ firstName: 'Bo', lastName: 'Reyes', relationship: 'friend', phone: '+1 302 555 0102' }]);
    expect(start).toMatchObject({
      first_name: 'Ana',
      social_security_number: '',
      annual_income: '60000',
      state_id: '7',
      city: '',
      social_security_number_confirmation: '',
    });
    expect(start.references).toEqual([
      { firstName: 'Bo', lastName: 'Reyes', relationship: 'friend', phone: '(302)555-0102' },
      { firstName: '', lastName: '', relationship: '', phone: '' },
    ]);
    expect(aboutYourselfFormSchema.safeParse(start).success).toBe(true);
    expect(aboutYourselfFormSchema.safeParse({ ...start, city: undefined }).success).toBe(false);
  });
});
