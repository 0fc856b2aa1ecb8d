import { parseIsoDate } from '@payrail/domain/dates';
import { FIELD_MSG, MSG } from '@payrail/contract/messages';
import { REVEAL_SSN_MSG } from '@payrail/contract/profile';
import type { TProfile } from '@payrail/contract/profile';
import { cents } from '@payrail/domain/money';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aboutYourselfAnswers, borrowerAtEmployer, fillAboutYourself } from './application-helpers';
import { PASSWORD, auth, availableStateId, call, signUpConfirmed, unavailableStateId } from './identity-helpers';
import { fundedBorrower } from './servicing-helpers';
import { type TestApp, testApp } from './test-app';

let app: TestApp;
beforeAll(async () => {
  app = await testApp();
});
afterAll(async () => {
  await app.close();
});

const getInfo = (token: string) => call(app, { url: '/api/users/info', headers: auth(token) });
const putInfo = (token: string, borrower: Record<string, unknown>) =>
  call(app, { method: 'PUT', url: '/api/users/info', headers: auth(token), payload: { borrower } });
const revealSsn = (token: string, password = PASSWORD) =>
  call(app, { method: 'POST', url: '/api/users/info/ssn', headers: auth(token), payload: { password } });

describe('GET /api/users/info', () => {
  it('answers every Profile field: SSN masked xxx-xx-####, state with abbreviation and name, employer, the unit as given', async () => {
    const who = await borrowerAtEmployer(app);
    const answers = await aboutYourselfAnswers(app);
    const res = await getInfo(who.token);
    expect(res.statusCode).toBe(200);
    const profile = res.json<TProfile>();
    const state = (await app.ctx.repos.reference.findState(String(answers.state_id)))!;
    expect(profile).toEqual({
      user: { email: who.email, avatar: null },
      borrower: {
        first_name: 'Jordan',
        last_name: 'Rivera',
        date_of_birth: '1986-04-12',
        social_security_number: expect.stringMatching(/^xxx-xx-\d{4}$/),
        phone: null,
        phone_confirmed: false,
        employer: null,
        zip_code: '19801',
        unit_number: 'Apt 4',
        address: '12 Harbor Street',
        city: 'Wilmington',
        state: { id: state.id, name: state.name, abbreviation: state.abbreviation },
        total_allotments_paid: 0,
      },
    });
  });

  it('answers nulls for a borrower who has not answered yet, and 401 without a session', async () => {
    const who = await signUpConfirmed(app);
    const profile = (await getInfo(who.token)).json<TProfile>();
    expect(profile.borrower).toMatchObject({ social_security_number: null, date_of_birth: null, address: null, state: expect.anything() });
    expect((await call(app, { url: '/api/users/info' })).statusCode).toBe(401);
  });

  it('names the employer of a funded borrower', async () => {
    const funded = await fundedBorrower(app);
    const profile = (await getInfo(funded.token)).json<TProfile>();
    expect(profile.borrower.employer).toEqual({ id: expect.any(Number), name: expect.any(String) });
    expect(profile.borrower.total_allotments_paid).toBe(0);
  });

  it('counts the installments paid on the opened loan, as the loan views do', async () => {
    const funded = await fundedBorrower(app);
    type Ongoing = { opened_loan: { loan: { payment_per_term: number; total_allotments_paid: number } } };
    const ongoing = async () => (await call(app, { url: '/api/loans/ongoing_loans', headers: auth(funded.token) })).json<Ongoing>().opened_loan.loan;
    const due = parseIsoDate(funded.loan.first_payment_date);
    await app.ctx.repos.loanBook.recordPayment({
      loanId: funded.loan.id,
      kind: 'payroll_remittance',
      effectiveDate: due,
      amountCents: cents((await ongoing()).payment_per_term),
      idempotencyKey: `profile-test:${funded.loan.id}`,
      at: app.ctx.now(),
    });
    // The first installment falls due (the business date), paid in full.
    await app.ctx.repos.loanBook.setBusinessDateOverride(due, null, app.ctx.now());
    try {
      expect((await ongoing()).total_allotments_paid).toBe(1);
      expect((await getInfo(funded.token)).json<TProfile>().borrower.total_allotments_paid).toBe(1);
    } finally {
      await app.ctx.repos.loanBook.setBusinessDateOverride(null, null, app.ctx.now());
    }
  });
});

describe('PUT /api/users/info', () => {
  it('changes the address, unit (P.O. box), city, state and zip and answers the profile', async () => {
    const who = await signUpConfirmed(app);
    await fillAboutYourself(app, who.token);
    const stateId = await availableStateId(app);
    const res = await putInfo(who.token, {
      address: ' 1100 Congress Ave ',
      unit_number: 'PO 12',
      city: 'Austin',
      state: { id: stateId },
      zip_code: '78701',
      phone: '+12025550100',
    });
    expect(res.statusCode).toBe(200);
    const profile = res.json<TProfile>();
    expect(profile.borrower).toMatchObject({ address: '1100 Congress Ave', unit_number: 'PO 12', city: 'Austin', zip_code: '78701', state: { id: stateId } });
    // The phone is changed only by its SMS verification: the key is ignored here.
    expect(profile.borrower.phone).toBeNull();
    expect((await getInfo(who.token)).json<TProfile>().borrower.address).toBe('1100 Congress Ave');
    // An empty unit removes the P.O. box.
    const cleared = await putInfo(who.token, { address: '1100 Congress Ave', unit_number: '', city: 'Austin', state_id: stateId, zip_code: '78701' });
    expect(cleared.json<TProfile>().borrower.unit_number).toBeNull();
  });

  it('answers the spec messages per field and saves nothing when any field fails', async () => {
    const who = await signUpConfirmed(app);
    await fillAboutYourself(app, who.token);
    const before = (await getInfo(who.token)).json<TProfile>();
    const res = await putInfo(who.token, {
      address: '',
      unit_number: 'Suite 12345678',
      city: 'Austin',
      state_id: await unavailableStateId(app),
      zip_code: '7870',
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      errors: {
        address: [FIELD_MSG.blank],
        unit_number: [FIELD_MSG.tooLong(10)],
        state_id: [MSG.stateUnavailable],
        zip_code: [FIELD_MSG.invalid],
      },
    });
    expect((await getInfo(who.token)).json<TProfile>()).toEqual(before);
    // Missing fields are blank, not kept.
    const missing = await putInfo(who.token, { address: 'x' });
    expect(missing.statusCode).toBe(422);
    expect(Object.keys(missing.json<{ errors: Record<string, string[]> }>().errors).sort()).toEqual(['city', 'state_id', 'zip_code']);
  });

  it('answers 422 for a body that is not a profile, and 401 without a session', async () => {
    const who = await signUpConfirmed(app);
    expect((await call(app, { method: 'PUT', url: '/api/users/info', headers: auth(who.token), payload: { address: 'x' } })).statusCode).toBe(422);
    expect((await call(app, { method: 'PUT', url: '/api/users/info', payload: { borrower: {} } })).statusCode).toBe(401);
  });
});

describe('POST /api/users/info/ssn (show in full)', () => {
  it('answers the SSN in full and logs each reveal, never the number', async () => {
    const who = await signUpConfirmed(app);
    const ssn = '212-55-' + String(1000 + (who.id % 9000));
    await fillAboutYourself(app, who.token, { social_security_number: ssn });
    const res = await revealSsn(who.token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ social_security_number: ssn });
    await revealSsn(who.token);
    const views = await app.ctx.repos.profile.sensitiveViews(who.id);
    expect(views).toHaveLength(2);
    expect(views[0]).toMatchObject({ userId: who.id, field: 'social_security_number' });
    expect(JSON.stringify(views)).not.toContain(ssn.slice(-4) + '"');
  });

  it('asks for the password again: a wrong one is refused and shows nothing, and counts toward the sign-in lockout', async () => {
    const who = await signUpConfirmed(app);
    await fillAboutYourself(app, who.token, { social_security_number: '212-55-7788' });
    const wrong = await revealSsn(who.token, 'not-my-password');
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors).toEqual({ password: [REVEAL_SSN_MSG.wrongPassword] });
    expect(wrong.body).not.toContain('7788');
    expect(await app.ctx.repos.profile.sensitiveViews(who.id)).toHaveLength(0);
    expect((await call(app, { method: 'POST', url: '/api/users/info/ssn', headers: auth(who.token), payload: {} })).statusCode).toBe(422);
    // Five wrong passwords in all, then the account's sign-in back-off answers 429, even with the right one.
    for (let i = 0; i < 4; i += 1) expect((await revealSsn(who.token, `wrong-${i}`)).statusCode).toBe(422);
    expect((await revealSsn(who.token)).statusCode).toBe(429);
  });

  it('a member without a password (a social or new-flow sign-up) is told how to set one', async () => {
    const who = await signUpConfirmed(app);
    await app.ctx.database.db.execute(`update application_members set password_hash = null where id = ${who.id}`);
    const res = await revealSsn(who.token, 'anything');
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ password: [REVEAL_SSN_MSG.noPassword] });
  });

  it('the audit rows cannot be changed or removed', async () => {
    const who = await signUpConfirmed(app);
    await revealSsn(who.token);
    await expect(app.ctx.database.db.execute(`delete from member_sensitive_views where user_id = ${who.id}`)).rejects.toThrow();
    expect(await app.ctx.repos.profile.sensitiveViews(who.id)).toHaveLength(1);
  });

  it('answers null without an SSN on file, and 401 without a session', async () => {
    const who = await signUpConfirmed(app);
    expect((await revealSsn(who.token)).json()).toEqual({ social_security_number: null });
    expect((await call(app, { method: 'POST', url: '/api/users/info/ssn' })).statusCode).toBe(401);
  });
});

describe('credit pull authorization (classic §5 consents)', () => {
  it('is seeded and its acceptance is recorded for the member, with the version accepted', async () => {
    const who = await signUpConfirmed(app);
    const res = await call(app, { method: 'POST', url: '/api/borrower_agreement_documents?agreement=credit_pull_authorization', headers: auth(who.token) });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ ok: true, agreement: { name: 'credit_pull_authorization', accepted_at: expect.any(String) } });
  });
});
