import { APPLICATION_MSG } from '@payrail/contract/application';
import { FIELD_MSG, MSG } from '@payrail/contract/messages';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { borrowerProfiles, leads } from '../src/db/schema/index';
import { startSession } from '../src/modules/identity/use-cases/start-session';
import { REFERENCES, classicApp, fillAboutYourself, get, newBorrower, next, post, showField, uniqueSsn, updateField } from './application-helpers';
import { availableStateId, call, signUp, unavailableStateId } from './identity-helpers';
import type { TestApp } from './test-app';
import { uniqueEmail } from './test-app';

let app: TestApp;
beforeAll(async () => {
  app = await classicApp();
});
afterAll(() => app.close());

const errorsOf = async (token: string, values: Record<string, unknown>) => {
  const res = await updateField(app, token, values);
  expect(res.statusCode).toBe(422);
  return res.json<{ errors: Record<string, string[]> }>().errors;
};

describe('POST /api/about_yourself/update_field and GET /api/about_yourself/show_field/{field}', () => {
  it('saves each field of the application (one per call) and shows it back as the form reads it', async () => {
    const { token } = await newBorrower(app);
    const state = await availableStateId(app);
    const saved = await updateField(app, token, { first_name: '  Jordan  ' });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({ loan_borrower: { first_name: 'Jordan' } });

    const ssn = uniqueSsn();
    const values: Record<string, unknown> = {
      last_name: 'Rivera',
      date_of_birth: '04/12/1986',
      address: ' 12 Harbor Street ',
      unit_number: 'Apt 4',
      zip_code: '19801',
      city: 'Wilmington',
      state_id: state,
      driver_license_number: 'D1234567',
      driver_license_state_id: await unavailableStateId(app),
      social_security_number: ssn,
      annual_income: '60,000',
      annual_household_income: '$75,000.50',
      housing_type: 'own',
      housing_payment: '0',
      loan_purpose_id: 3,
      working_time_range: '1 - 3 years',
      military_active: false,
    };
    for (const [field, value] of Object.entries(values)) expect((await updateField(app, token, { [field]: value })).statusCode, field).toBe(200);

    const shown: Record<string, unknown> = {};
    for (const field of ['first_name', ...Object.keys(values), 'employee_id'])
      shown[field] = (await showField(app, token, field)).json<{ value: unknown }>().value;
    expect(shown).toEqual({
      first_name: 'Jordan',
      last_name: 'Rivera',
      date_of_birth: '04/12/1986',
      address: '12 Harbor Street',
      unit_number: 'Apt 4',
      zip_code: '19801',
      city: 'Wilmington',
      state_id: state,
      driver_license_number: 'D1234567',
      driver_license_state_id: await unavailableStateId(app),
      social_security_number: `xxx-xx-${ssn.slice(-4)}`,
      annual_income: '60000.00',
      annual_household_income: '75000.50',
      housing_type: 'own',
      housing_payment: '0.00',
      loan_purpose_id: 3,
      working_time_range: '1 - 3 years',
      military_active: false,
      employee_id: null,
    });
    expect((await showField(app, token, 'date_of_birth')).json()).toEqual({ field: 'date_of_birth', value: '04/12/1986' });
  });

  it('answers the saved values of a call that writes both the borrower and the profile row, as show_field shows them', async () => {
    const { token } = await newBorrower(app);
    const ssn = uniqueSsn();
    const values = {
      first_name: ' Dana ',
      state_id: await availableStateId(app),
      city: ' Dover ',
      annual_income: '52,000',
      social_security_number: ssn,
      driver_license_number: 'DL-1234',
    };
    const saved = await updateField(app, token, values);
    expect(saved.statusCode).toBe(200);
    const answered = saved.json<{ loan_borrower: Record<string, unknown> }>().loan_borrower;
    expect(answered).toEqual({
      first_name: 'Dana',
      state_id: values.state_id,
      city: 'Dover',
      annual_income: '52000.00',
      social_security_number: `xxx-xx-${ssn.slice(-4)}`,
      driver_license_number: 'DL-1234',
    });
    for (const field of Object.keys(values)) expect((await showField(app, token, field)).json<{ value: unknown }>().value, field).toEqual(answered[field]);
    // A later call on one table answers that table's value and leaves the other's as saved.
    expect((await updateField(app, token, { last_name: 'Moss' })).json()).toEqual({ loan_borrower: { last_name: 'Moss' } });
    expect((await showField(app, token, 'city')).json<{ value: unknown }>().value).toBe('Dover');
    // A field saved as a value, then cleared (null), then a value again: each call answers what it saved.
    for (const unit of ['Apt 9', '', 'Unit 2']) {
      expect((await updateField(app, token, { unit_number: unit })).json(), unit).toEqual({ loan_borrower: { unit_number: unit === '' ? null : unit } });
      expect((await showField(app, token, 'unit_number')).json<{ value: unknown }>().value, unit).toBe(unit === '' ? null : unit);
    }
  });

  it('stores the date of birth as an ISO date and the SSN and licence number sealed, with an index for uniqueness', async () => {
    const { token, id } = await newBorrower(app);
    const ssn = uniqueSsn();
    await updateField(app, token, { date_of_birth: '01/31/1990', social_security_number: ssn, driver_license_number: 'DL-778899' });
    const [row] = await app.ctx.database.db.select().from(borrowerProfiles).where(eq(borrowerProfiles.userId, id));
    expect(row!.dateOfBirth).toBe('1990-01-31');
    expect(row!.ssnSealed).toMatch(/^v2:[0-9a-f]{8}:/);
    expect(row!.ssnSealed).not.toContain(ssn.replace(/-/g, ''));
    expect(row!.driverLicenseNumberSealed).toMatch(/^v2:[0-9a-f]{8}:/);
    expect(row!.driverLicenseNumberSealed).not.toContain('778899');
    expect(row!.ssnIndex).toMatch(/^[0-9a-f]{64}$/);
  });

  it('answers the date-of-birth rules with the spec messages', async () => {
    const { token } = await newBorrower(app);
    expect(await errorsOf(token, { date_of_birth: '01/01/1899' })).toEqual({ date_of_birth: [MSG.dobYearInvalid] });
    expect(await errorsOf(token, { date_of_birth: '01/01/2027' })).toEqual({ date_of_birth: [MSG.dobYearInvalid] });
    expect(await errorsOf(token, { date_of_birth: '13/01/1990' })).toEqual({ date_of_birth: [MSG.dobMonthInvalid] });
    expect(await errorsOf(token, { date_of_birth: '02/30/1990' })).toEqual({ date_of_birth: [MSG.dobDayInvalid] });
    expect(await errorsOf(token, { date_of_birth: '01/32/1990' })).toEqual({ date_of_birth: [MSG.dobDayInvalid] });
    // The clock says 2026-12-01: born 2008-12-02 is still 17.
    expect(await errorsOf(token, { date_of_birth: '12/02/2008' })).toEqual({ date_of_birth: [MSG.underLegalAge] });
    expect((await updateField(app, token, { date_of_birth: '12/01/2008' })).statusCode).toBe(200);
    expect(await errorsOf(token, { date_of_birth: '1990-01-01' })).toEqual({ date_of_birth: [MSG.invalidDate] });
    expect(await errorsOf(token, { date_of_birth: '' })).toEqual({ date_of_birth: [FIELD_MSG.blank] });
  });

  it('answers the SSN rules: nine digits, not 000, not the excluded 9xx group, confirmation, uniqueness', async () => {
    const { token } = await newBorrower(app);
    for (const bad of ['123-45-678', '000-12-3456', '900-12-3456', '945-12-3456', '961-12-3456', '987-65-4321', 'abc']) {
      expect(await errorsOf(token, { social_security_number: bad }), bad).toEqual({ social_security_number: [MSG.ssnInvalid] });
    }
    // 95x, 97x and 99x are outside the spec's excluded group.
    for (const good of [`950-12-${String(1000 + Math.floor(Math.random() * 8999))}`, uniqueSsn().replace(/-/g, '')]) {
      expect((await updateField(app, token, { social_security_number: good })).statusCode, good).toBe(200);
    }
    const ssn = uniqueSsn();
    expect(await errorsOf(token, { social_security_number: ssn, social_security_number_confirmation: '111-22-3333' })).toEqual({
      social_security_number: [MSG.ssnConfirmationMismatch],
    });
    expect((await updateField(app, token, { social_security_number: ssn, social_security_number_confirmation: ssn.replace(/-/g, '') })).json()).toEqual({
      loan_borrower: { social_security_number: `xxx-xx-${ssn.slice(-4)}` },
    });
    // Saving one's own SSN again is fine; another account cannot take it.
    expect((await updateField(app, token, { social_security_number: ssn })).statusCode).toBe(200);
    const other = await newBorrower(app);
    expect(await errorsOf(other.token, { social_security_number: ssn.replace(/-/g, '') })).toEqual({ social_security_number: [FIELD_MSG.taken] });
  });

  it('answers zip, money, text and choice rules', async () => {
    const { token } = await newBorrower(app);
    expect(await errorsOf(token, { zip_code: '1980' })).toEqual({ zip_code: [FIELD_MSG.invalid] });
    expect(await errorsOf(token, { zip_code: '19801-1234' })).toEqual({ zip_code: [FIELD_MSG.invalid] });
    expect(await errorsOf(token, { annual_income: '100,000' })).toEqual({ annual_income: [APPLICATION_MSG.moneyTooLong] });
    expect(await errorsOf(token, { housing_payment: '12.345' })).toEqual({ housing_payment: [FIELD_MSG.invalid] });
    expect(await errorsOf(token, { annual_household_income: '' })).toEqual({ annual_household_income: [FIELD_MSG.blank] });
    expect((await updateField(app, token, { annual_income: 99_999.99 })).json()).toEqual({ loan_borrower: { annual_income: '99999.99' } });
    expect(await errorsOf(token, { first_name: '   ' })).toEqual({ first_name: [FIELD_MSG.blank] });
    expect(await errorsOf(token, { unit_number: 'Apartment 1234' })).toEqual({ unit_number: [FIELD_MSG.tooLong(10)] });
    expect(await errorsOf(token, { driver_license_number: 'X'.repeat(31) })).toEqual({ driver_license_number: [FIELD_MSG.tooLong(30)] });
    expect(await errorsOf(token, { housing_type: 'boat' })).toEqual({ housing_type: [FIELD_MSG.notIncluded] });
    expect(await errorsOf(token, { loan_purpose_id: 999 })).toEqual({ loan_purpose_id: [FIELD_MSG.notIncluded] });
    expect(await errorsOf(token, { working_time_range: 'forever' })).toEqual({ working_time_range: [FIELD_MSG.notIncluded] });
    expect((await updateField(app, token, { unit_number: '  ' })).json()).toEqual({ loan_borrower: { unit_number: null } });
  });

  it('refuses a state where we do not lend with the spec message, but not for the driver licence state', async () => {
    const { token } = await newBorrower(app);
    expect(await errorsOf(token, { state_id: await unavailableStateId(app) })).toEqual({ state_id: [MSG.stateUnavailable] });
    expect(await errorsOf(token, { state_id: 9999 })).toEqual({ state_id: [FIELD_MSG.notIncluded] });
    expect((await updateField(app, token, { driver_license_state_id: await unavailableStateId(app) })).statusCode).toBe(200);
  });

  it('refuses less than a year at the job and active military duty with the server text on the field', async () => {
    const { token } = await newBorrower(app);
    expect(await errorsOf(token, { working_time_range: 'Less than 1 year' })).toEqual({ working_time_range: [MSG.tenureTooShort] });
    expect(await errorsOf(token, { military_active: true })).toEqual({ military_active: [APPLICATION_MSG.militaryIneligible] });
    expect((await showField(app, token, 'working_time_range')).json()).toEqual({ field: 'working_time_range', value: null });
  });

  it("answers an unknown field with the spec's rule-not-found message and saves nothing of the call", async () => {
    const { token } = await newBorrower(app);
    expect(await errorsOf(token, { favourite_color: 'blue' })).toEqual({ favourite_color: [MSG.fieldRuleNotFound] });
    expect(await errorsOf(token, { first_name: 'Ana', nickname: 'A' })).toEqual({ nickname: [MSG.fieldRuleNotFound] });
    expect((await showField(app, token, 'first_name')).json<{ value: unknown }>().value).toBeNull();
    const unknown = await showField(app, token, 'nickname');
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json()).toEqual({ errors: { nickname: [MSG.fieldRuleNotFound] } });
    expect(await errorsOf(token, {})).toEqual({ loan_borrower: [APPLICATION_MSG.noField] });
  });

  it('refuses the step in a status whose page does not make it, and without a session', async () => {
    const { email } = await signUp(app);
    const member = (await app.ctx.repos.identity.findMemberByEmail(email))!;
    const unconfirmed = await startSession(app.ctx, member.id, { ip: null, userAgent: null });
    const refused = await showField(app, unconfirmed, 'first_name');
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toEqual({ error: APPLICATION_MSG.stepNotAvailable('email_confirmation'), current_status: 'email_confirmation' });

    const { token } = await newBorrower(app);
    await next(app, token, 'about_yourself');
    await next(app, token, 'employer');
    const late = await updateField(app, token, { first_name: 'Late' });
    expect(late.statusCode).toBe(422);
    expect(late.json()).toEqual({ error: APPLICATION_MSG.stepNotAvailable('phone_verification'), current_status: 'phone_verification' });
    expect((await call(app, { method: 'POST', url: '/api/about_yourself/update_field', payload: { loan_borrower: { first_name: 'X' } } })).statusCode).toBe(
      401,
    );
  });
});

describe('SSN lookups are limited', () => {
  it('refuses a sixth different SSN in a day with 429 and saves nothing, while the same SSN may be re-sent', async () => {
    const { token } = await newBorrower(app);
    const taken = uniqueSsn();
    const owner = await newBorrower(app);
    expect((await updateField(app, owner.token, { social_security_number: taken })).statusCode).toBe(200);

    // Five different numbers (one already registered to someone else) are answered normally.
    expect(await errorsOf(token, { social_security_number: taken })).toEqual({ social_security_number: ['has already been taken'] });
    const mine = uniqueSsn();
    for (let i = 0; i < 3; i += 1) expect((await updateField(app, token, { social_security_number: uniqueSsn() })).statusCode).toBe(200);
    expect((await updateField(app, token, { social_security_number: mine })).statusCode).toBe(200);
    // Auto-save re-sends the same value: it is not a new attempt.
    expect((await updateField(app, token, { social_security_number: mine })).statusCode).toBe(200);

    const sixth = await updateField(app, token, { social_security_number: taken.replace(/\d{4}$/, '0001') });
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json()).toEqual({ error: APPLICATION_MSG.tooManySsnAttempts });
    expect((await showField(app, token, 'social_security_number')).json()).toMatchObject({ value: `xxx-xx-${mine.slice(-4)}` });
  });
});

describe('references', () => {
  it('stores exactly two references with all four fields and answers them back', async () => {
    const { token } = await newBorrower(app);
    expect((await get(app, token, '/api/about_yourself/borrower_references')).json()).toEqual({ references: [] });
    const res = await post(app, token, '/api/about_yourself/update_references', { references: REFERENCES });
    expect(res.statusCode).toBe(200);
    const expected = {
      references: [
        { firstName: 'Maria', lastName: 'Lopez', relationship: 'Sister', phone: '2025550187' },
        { firstName: 'Sam', lastName: 'Chen', relationship: 'Coworker', phone: '2025550199' },
      ],
    };
    expect(res.json()).toEqual(expected);
    expect((await get(app, token, '/api/about_yourself/borrower_references')).json()).toEqual(expected);
  });

  it('refuses one reference, a blank field and a bad phone', async () => {
    const { token } = await newBorrower(app);
    const one = await post(app, token, '/api/about_yourself/update_references', { references: [REFERENCES[0]] });
    expect(one.statusCode).toBe(422);
    expect(one.json()).toEqual({ errors: { references: [APPLICATION_MSG.referencesCount] } });
    const blank = await post(app, token, '/api/about_yourself/update_references', {
      references: [
        { ...REFERENCES[0], relationship: ' ' },
        { ...REFERENCES[1], phone: '555' },
      ],
    });
    expect(blank.json()).toEqual({ errors: { 'references.0.relationship': [FIELD_MSG.blank], 'references.1.phone': [FIELD_MSG.invalid] } });
    const missing = await post(app, token, '/api/about_yourself/update_references', { references: [{ firstName: 'A' }, REFERENCES[1]] });
    expect(Object.keys(missing.json<{ errors: object }>().errors).sort()).toEqual(['references.0.lastName', 'references.0.phone', 'references.0.relationship']);
  });
});

describe('education program', () => {
  it('shows the modal until the borrower agrees with their one-character initials', async () => {
    const { token } = await newBorrower(app);
    await updateField(app, token, { first_name: 'Jordan' });
    await updateField(app, token, { last_name: 'Rivera' });
    expect((await get(app, token, '/api/education_program')).json()).toEqual({ show_modal: true });
    const bad = await post(app, token, '/api/education_program', { initials: { first: 'JO', last: '' }, agreement: false });
    expect(bad.statusCode).toBe(422);
    expect(bad.json()).toEqual({
      errors: { 'initials.first': [FIELD_MSG.tooLong(1)], 'initials.last': [FIELD_MSG.blank], agreement: [FIELD_MSG.mustBeAccepted] },
    });
    const wrong = await post(app, token, '/api/education_program', { initials: { first: 'X', last: 'r' }, agreement: true });
    expect(wrong.json()).toEqual({ errors: { 'initials.first': [FIELD_MSG.invalid] } });
    expect((await post(app, token, '/api/education_program', { initials: { first: 'j', last: 'r' }, agreement: true })).json()).toEqual({ ok: true });
    expect((await get(app, token, '/api/education_program')).json()).toEqual({ show_modal: false });
  });
});

describe('POST /api/leads', () => {
  it('captures a lead without a session (201)', async () => {
    const email = uniqueEmail('lead');
    const state = await unavailableStateId(app);
    const res = await call(app, {
      method: 'POST',
      url: '/api/leads',
      payload: { lead: { full_name: ' Pat Doe ', email: email.toUpperCase(), state_id: state } },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ full_name: 'Pat Doe', email, state_id: state });
    const [row] = await app.ctx.database.db.select().from(leads).where(eq(leads.email, email));
    expect(row).toMatchObject({ fullName: 'Pat Doe', stateId: state, userId: null });
  });

  it('answers the spec messages for blank and invalid fields', async () => {
    const blank = await call(app, {
      method: 'POST',
      url: '/api/leads',
      payload: { lead: { full_name: '', email: '', state_id: await unavailableStateId(app) } },
    });
    expect(blank.statusCode).toBe(422);
    expect(blank.json()).toEqual({ errors: { full_name: [MSG.leadFullNameBlank], email: [MSG.leadEmailBlank] } });
    const missing = await call(app, { method: 'POST', url: '/api/leads', payload: { lead: { state_id: 1 } } });
    expect(missing.json()).toEqual({ errors: { full_name: [MSG.leadFullNameBlank], email: [MSG.leadEmailBlank] } });
    const invalid = await call(app, { method: 'POST', url: '/api/leads', payload: { lead: { full_name: 'Pat', email: 'pat@', state_id: 1 } } });
    expect(invalid.json()).toEqual({ errors: { email: [MSG.leadEmailInvalid] } });
  });
});

describe('moving on from About yourself', () => {
  it('advances with the generic next_status once the answers are saved', async () => {
    const { token } = await newBorrower(app);
    await fillAboutYourself(app, token);
    const res = await next(app, token, 'about_yourself');
    expect(res.json()).toEqual({ new_status: 'employer', workflow_status: { next_status: 'employer' } });
  });
});
