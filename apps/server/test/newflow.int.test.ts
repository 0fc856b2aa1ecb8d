import { NEWFLOW_MSG, PAYROLL_SANDBOX_CREDENTIALS, type TLoanOffer } from '@payrail/contract/newflow';
import { DOCUMENT_FILE_TOO_LARGE, DOCUMENT_FILE_WRONG_TYPE } from '@payrail/contract/documents';
import { MSG } from '@payrail/contract/messages';
import { APPLICATION_MSG } from '@payrail/contract/application';
import { and, eq } from 'drizzle-orm';
import { staffActions } from '../src/db/schema/index';
import { nextBusinessDay } from '@payrail/domain/calendar';
import { addDays, utcDay } from '@payrail/domain/dates';
import { quoteLoan } from '@payrail/domain/loan/disclosure';
import type { Frequency } from '@payrail/domain/loan/frequency';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { firstPaymentDate } from '@payrail/domain/loan/first-payment-date';
import type { EMPLOYER_SLUGS } from './application-helpers';
import { CLOCK_START, classicApp, employerOfKind, fillAboutYourself, staffToken, uniqueSsn } from './application-helpers';
import { HARBOR_POINT } from './banking-helpers';
import { multipart, tinyGif, tinyPdf, tinyPng } from './document-files';
import { auth, availableStateId, call, latestEmailToken, latestPhoneCode, login, outbox, PASSWORD, signUpConfirmed, uniquePhone } from './identity-helpers';
import {
  documentsToLoanOffer,
  linkSandboxBank,
  manualBank,
  NEWFLOW_PERSONAL as PERSONAL,
  newflowSignup as signupNewflow,
  newflowSteps,
  ok,
  postJobInfo,
  postPersonal,
  upload,
  walkToRateCheck,
} from './newflow-helpers';
import { type TestApp, uniqueEmail } from './test-app';

let app: TestApp;
beforeAll(async () => {
  app = await classicApp();
});
afterAll(async () => {
  await app.close();
});

const TODAY = utcDay(new Date(CLOCK_START));
const getStep = (token: string, step: string) => newflowSteps(app).get(token, step);
const postStep = (token: string, payload: Record<string, unknown>) => newflowSteps(app).post(token, payload);

const newflowSignup = (o: { email?: string; amount?: number; employerId?: number; employeeId?: string } = {}) =>
  signupNewflow(app, { ...o, fingerprint: 'fp-nf' });

/** A confirmed new-flow applicant on job_info. */
async function atJobInfo(o: { amount?: number } = {}) {
  const { res, email } = await newflowSignup(o);
  expect(res.statusCode, res.body).toBe(201);
  expect(res.headers.authorization).toBeUndefined();
  const code = await latestEmailToken(app, email);
  const confirmed = await call(app, { url: `/api/confirmation?confirmation_token=${code}` });
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  expect(confirmed.json()).toMatchObject({ workflow_status: 'job_info' });
  // The server keeps the account's flow: the session check routes it to the new flow's pages wherever it signs in.
  expect((await call(app, { url: '/api/token_is_valid', headers: auth(confirmed.headers.authorization as string) })).json()).toMatchObject({ new_flow: true });
  return { email, token: confirmed.headers.authorization as string, id: res.json<{ id: number }>().id };
}

const jobInfo = (token: string, employerSlug: keyof typeof EMPLOYER_SLUGS = 'private') => postJobInfo(newflowSteps(app), token, employerSlug);

const personal = (token: string, overrides: Record<string, unknown> = {}) => postPersonal(newflowSteps(app), token, PERSONAL, overrides);

/** job_info → employment (payroll link) → personal info + housing → ssn → rate check decided. */
async function atRateCheckDecided(ssn = uniqueSsn(), o: { manualEmployment?: boolean; username?: string } = {}) {
  const who = await atJobInfo();
  const { payroll } = await walkToRateCheck(newflowSteps(app), who.token, { ssn, manualEmployment: o.manualEmployment, payrollUsername: o.username });
  const decided = await ok(postStep(who.token, { workflow_status_key: 'rate_check' }));
  return { ...who, payroll, decided };
}

/** job_info → pay stub → personal info → the smallest housing answers: the applicant is on ssn_input. */
async function atSsnInput() {
  const who = await atJobInfo();
  await jobInfo(who.token);
  await ok(postStep(who.token, { workflow_status_key: 'verify_employer', skip: true }));
  await ok(postStep(who.token, { workflow_status_key: 'verify_employer_manual', pay_stub: upload('pay_stub') }));
  await ok(personal(who.token));
  await ok(
    postStep(who.token, {
      workflow_status_key: 'personal_info',
      sub_step: 'rent',
      loan_borrower: { housing_type: 'rent', housing_payment: 1, education_level: 'other' },
    }),
  );
  return who;
}

describe('sign-up and sign-in pre-check (POST /email)', () => {
  it('answers no_account, unconfirmed (202), already_started (202, with a continue link) and password (200)', async () => {
    const nobody = await call(app, { method: 'POST', url: '/api/email', payload: { email: uniqueEmail('nobody') } });
    expect([nobody.statusCode, nobody.json()]).toEqual([200, { data: 'no_account' }]);

    const { email } = await newflowSignup();
    const unconfirmed = await call(app, { method: 'POST', url: '/api/email', payload: { email } });
    expect([unconfirmed.statusCode, unconfirmed.json()]).toEqual([202, { data: 'unconfirmed', has_password: false }]);

    const started = await atJobInfo();
    const inProgress = await call(app, { method: 'POST', url: '/api/email', payload: { email: started.email } });
    expect([inProgress.statusCode, inProgress.json()]).toEqual([
      202,
      { data: 'already_started', has_password: false, continue_link: 'sent', link_valid_hours: 72 },
    ]);
    const link = (await outbox(app, started.email)).find((m) => /\/c\/([A-Za-z0-9_-]+)/.test(m.body));
    const code = link && /\/c\/([A-Za-z0-9_-]+)/.exec(link.body)![1];
    expect(code).toBeTruthy();
    const opened = await call(app, { url: `/api/c/${code}` });
    expect(opened.statusCode, opened.body).toBe(200);
    expect(opened.json()).toMatchObject({ new_flow: true, workflow_status: 'job_info' });
    expect(opened.headers.authorization).toBeTruthy();
  });

  it('stores the loan asked for, refuses a sign-up without it or with an unknown purpose', async () => {
    const who = await atJobInfo({ amount: 250_000 });
    const row = await app.ctx.repos.newflow.find(who.id);
    expect(row).toMatchObject({ loanAmountCents: 250_000, paymentFrequency: 'bi-weekly', loanPurposeName: 'Emergency Cash', fixedPaymentAmountCents: 15_000 });
    const bad = await call(app, {
      method: 'POST',
      url: '/api/signup',
      payload: {
        application_member: { email: uniqueEmail('nf') },
        agreements: { privacy_notice: true, consent_eletronic_comunications: true },
        loan_borrower: { state_id: await availableStateId(app) },
        loan: { amount: 100_000, payment_frequency: 'weekly', loan_purpose_name: 'Yacht' },
        new_flow: true,
      },
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json()).toEqual({ errors: { loan_purpose_name: ['is not included in the list'] } });
  });

  it('partner sign-up: a b2b partner employer needs the employee id (at most 30 characters)', async () => {
    const partner = await employerOfKind(app, 'partner');
    const missing = await newflowSignup({ employerId: partner.id });
    expect(missing.res.statusCode).toBe(422);
    expect(missing.res.json()).toEqual({ errors: { employee_id: ["can't be blank"] } });
    const tooLong = await newflowSignup({ employerId: partner.id, employeeId: 'x'.repeat(31) });
    expect(tooLong.res.json()).toEqual({ errors: { employee_id: ['is too long (maximum is 30 characters)'] } });
    const ok201 = await newflowSignup({ employerId: partner.id, employeeId: 'EMP-42' });
    expect(ok201.res.statusCode, ok201.res.body).toBe(201);
    expect((await app.ctx.repos.application.findProfile(ok201.res.json<{ id: number }>().id))?.employeeId).toBe('EMP-42');
  });

  it('answers "is invalid" for a wrong confirmation code (the SPA shows "Invalid code please try again")', async () => {
    await newflowSignup();
    const res = await call(app, { url: '/api/confirmation?confirmation_token=ZZZZZZ' });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ errors: { confirmation_token: ['is invalid'] } });
  });
});

describe('application steps: order and data', () => {
  it('refuses a step posted out of order with 409 and the current status', async () => {
    const who = await atJobInfo();
    const res = await postStep(who.token, { workflow_status_key: 'ssn_input', loan_borrower: { social_security_number: uniqueSsn() } });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: NEWFLOW_MSG.stepNotOpen, current_status: 'job_info' });
    const unknown = await postStep(who.token, { workflow_status_key: 'nope' });
    expect(unknown.statusCode).toBe(422);
  });

  it('answers the step data of job_info and the new status for a step that is not open', async () => {
    const who = await atJobInfo();
    const data = (await getStep(who.token, 'job_info')).json<{
      new_status: null;
      finalized_application: boolean;
      data: { employment_status_options: string[]; other_employer_id: number; payment_frequencies: { value: string }[] };
    }>();
    expect(data).toMatchObject({ workflow_status_key: 'job_info', current_status: 'job_info', new_status: null, finalized_application: false });
    expect(data.data.employment_status_options).toEqual(['full-time', 'part-time', 'Retired']);
    expect(data.data.payment_frequencies.map((p) => p.value)).toEqual(['monthly', 'bi-weekly', 'weekly']);
    expect(data.data.other_employer_id).toBeGreaterThan(0);
    const other = (await getStep(who.token, 'loan_offer')).json();
    expect(other).toMatchObject({ workflow_status_key: 'loan_offer', current_status: 'job_info', new_status: 'job_info', data: null });
    expect((await getStep(who.token, 'checking_rate')).json()).toMatchObject({ workflow_status_key: 'rate_check' });
    expect((await getStep(who.token, 'nowhere')).statusCode).toBe(404);
  });

  it('sends an employer that is not on the list to employer_info and then to review', async () => {
    const who = await atJobInfo();
    const otherId = (await getStep(who.token, 'job_info')).json<{ data: { other_employer_id: number } }>().data.other_employer_id;
    const res = await ok(
      postStep(who.token, {
        workflow_status_key: 'job_info',
        loan_borrower: {
          employer_id: otherId,
          working_time_range: '1-3 years',
          annual_income: 5_000_000,
          employment_status: 'part-time',
          payment_frequency: 'weekly',
          annual_household_income: 5_000_000,
        },
      }),
    );
    expect(res.new_status).toBe('employer_info');
    // Payroll options come from the server (seeded reference data); the form adds Other and Don't know.
    const services = (await getStep(who.token, 'employer_info')).json<{ data: { payroll_services: string[] } }>().data.payroll_services;
    expect(services).toEqual(expect.arrayContaining(['ADP', 'Paychex', 'Workday']));
    expect(services).not.toContain('Other');
    expect(services).not.toContain("Don't know");
    const bad = await postStep(who.token, {
      workflow_status_key: 'employer_info',
      employer: { name: 'Acme', multiple_paycheck: 'Yes', payroll_service: 'ADP', work_email: 'me@acme.test' },
      loan_borrower: { phone: '2025550100', first_name: 'A', last_name: 'B', middle_initial: 'XY' },
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json()).toEqual({ errors: { middle_initial: ['is too long (maximum is 1 characters)'] } });
    const done = await ok(
      postStep(who.token, {
        workflow_status_key: 'employer_info',
        employer: { name: 'Acme', multiple_paycheck: "Don't know", payroll_service: 'ADP', work_email: 'me@acme.test' },
        loan_borrower: { phone: '2025550100', first_name: 'A', last_name: 'B', middle_initial: 'C' },
      }),
    );
    expect(done).toMatchObject({ new_status: 'employer_under_review', finalized_application: true });
    expect((await getStep(who.token, 'under_review')).json()).toMatchObject({ workflow_status_key: 'employer_under_review', new_status: null });
    // The reviewer accepts the employer through its own audited action (not the generic status change).
    const staff = await staffToken(app, 'underwriter@payrail.test');
    const generic = await call(app, {
      method: 'POST',
      url: `/api/backoffice/applications/${who.id}/status`,
      headers: auth(staff),
      payload: { new_status: 'personal_info' },
    });
    expect(generic.statusCode).toBe(422);
    expect(generic.json()).toMatchObject({ error: APPLICATION_MSG.useDedicatedAction('employer_review') });
    const review = (userId: number, payload: Record<string, unknown>) =>
      call(app, { method: 'POST', url: `/api/backoffice/applications/${userId}/employer_review`, headers: auth(staff), payload });
    expect((await review(who.id, { decision: 'maybe' })).statusCode).toBe(422);
    const accepted = await review(who.id, { decision: 'accept', note: 'Acme is a real employer.' });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json()).toEqual({ ok: true, previous_status: 'employer_under_review', new_status: 'personal_info' });
    expect((await getStep(who.token, 'personal_info')).json()).toMatchObject({ current_status: 'personal_info', new_status: null });
    const [audit] = await app.ctx.database.db
      .select()
      .from(staffActions)
      .where(and(eq(staffActions.targetUserId, who.id), eq(staffActions.action, 'employer_review')));
    expect(audit).toMatchObject({
      before: { status: 'employer_under_review' },
      after: { status: 'personal_info', decision: 'accept', note: 'Acme is a real employer.', employer: { name: 'Acme', payroll_service: 'ADP' } },
    });
    // Only from employer_under_review: a second decision is refused with the current status.
    expect((await review(who.id, { decision: 'cannot_proceed', note: 'Too late.' })).json()).toMatchObject({ current_status: 'personal_info' });
    // Cannot proceed ends the application at cant_proceed.
    const stopped = await atJobInfo();
    await ok(
      postStep(stopped.token, {
        workflow_status_key: 'job_info',
        loan_borrower: {
          employer_id: otherId,
          working_time_range: '1-3 years',
          annual_income: 5_000_000,
          employment_status: 'part-time',
          payment_frequency: 'weekly',
          annual_household_income: 5_000_000,
        },
      }),
    );
    await ok(
      postStep(stopped.token, {
        workflow_status_key: 'employer_info',
        employer: { name: 'Nowhere Inc', multiple_paycheck: 'No', payroll_service: "Don't know", work_email: 'me@nowhere.test' },
        loan_borrower: { phone: '2025550100', first_name: 'A', last_name: 'B' },
      }),
    );
    expect((await review(stopped.id, { decision: 'cannot_proceed', note: 'Not a real employer.' })).json()).toMatchObject({ new_status: 'cant_proceed' });
    expect((await getStep(stopped.token, 'cant_proceed')).json()).toMatchObject({ current_status: 'cant_proceed', finalized_application: true });
  });

  it('drops an inactive new-flow application (the same back-office drop as the classic flow); New Loan restarts it at job_info', async () => {
    const who = await atRateCheckDecided();
    expect(who.decided.new_status).toBe('select_program');
    const staff = await staffToken(app, 'underwriter@payrail.test');
    const dropped = await call(app, { method: 'POST', url: `/api/backoffice/applications/${who.id}/drop`, headers: auth(staff) });
    expect(dropped.json()).toMatchObject({ previous_status: 'select_program', new_status: 'dropped' });
    expect((await postStep(who.token, { workflow_status_key: 'select_program', hasSelectedSplitDirectDeposit: false })).json()).toMatchObject({
      current_status: 'dropped',
    });
    expect((await getStep(who.token, 'dropped')).json()).toMatchObject({
      current_status: 'dropped',
      finalized_application: true,
      data: { reapply_date: null },
    });
    expect((await ok(postStep(who.token, { workflow_status_key: 'dropped' }))).new_status).toBe('job_info');
  });

  it('checks personal info with the new-flow messages, then the housing sub-step', async () => {
    const who = await atJobInfo();
    await jobInfo(who.token);
    await ok(postStep(who.token, { workflow_status_key: 'verify_employer', skip: true }));
    await ok(postStep(who.token, { workflow_status_key: 'verify_employer_manual', pay_stub: upload('pay_stub') }));
    const young = await personal(who.token, { date_of_birth: `${Number(TODAY.slice(0, 4)) - 10}-01-01` });
    expect(young.json()).toEqual({ errors: { date_of_birth: ['Unfortunately, you need to be of legal age.'] } });
    const old = await personal(who.token, { date_of_birth: '1899-01-01' });
    expect(old.json()).toEqual({ errors: { date_of_birth: ['Year must be valid'] } });
    const long = await personal(who.token, { middle_initial: 'AB', unit_number: '12345678901', zip_code: '1234' });
    expect(long.statusCode).toBe(422);
    expect(Object.keys(long.json<{ errors: object }>().errors).sort()).toEqual(['middle_initial', 'unit_number', 'zip_code']);
    // The phone follows verify_phone's rule (US, BR, PT mobile numbers outside production), nothing written on refusal.
    for (const phone of ['12345', '+442071838750', '2025550100999'])
      expect((await personal(who.token, { phone })).json()).toEqual({ errors: { phone: [MSG.invalidPhone] } });
    expect(
      (await getStep(who.token, 'personal_info')).json<{ data: { loan_borrower: { first_name: string | null } } }>().data.loan_borrower.first_name,
    ).toBeNull();
    // Housing before the personal fields were saved is not open yet.
    const early = await postStep(who.token, {
      workflow_status_key: 'personal_info',
      sub_step: 'rent',
      loan_borrower: { housing_type: 'rent', housing_payment: 100_000, education_level: 'other' },
    });
    expect(early.statusCode).toBe(409);
    expect((await ok(personal(who.token))).new_status).toBe('personal_info');
    const noPayment = await postStep(who.token, {
      workflow_status_key: 'personal_info',
      sub_step: 'rent',
      loan_borrower: { housing_type: 'rent', education_level: 'other' },
    });
    expect(noPayment.json()).toEqual({ errors: { housing_payment: ["can't be blank"] } });
    const owned = await ok(
      postStep(who.token, {
        workflow_status_key: 'personal_info',
        sub_step: 'rent',
        loan_borrower: { housing_type: 'own_no_mortgage', education_level: 'some_college' },
      }),
    );
    expect(owned.new_status).toBe('ssn_input');
    const data = (await getStep(who.token, 'personal_info')).json<{ data: { loan_borrower: Record<string, unknown> } }>();
    expect(data.data.loan_borrower).toMatchObject({
      first_name: 'Ana',
      middle_initial: 'B',
      phone: '+12025550100',
      date_of_birth: '1990-04-12',
      housing_type: 'own_no_mortgage',
      education_level: 'some_college',
    });
    // The back button: ssn → personal_info is on the stack.
    const stack = (await call(app, { url: '/api/workflow/navigation_stack', headers: auth(who.token) })).json<{ navigation_stack: string[] }>();
    expect(stack.navigation_stack.slice(-2)).toEqual(['personal_info', 'ssn_input']);
    // Back (§2 back target personal_info): the generic status change moves the application back and pops the stack.
    const back = await call(app, { method: 'POST', url: '/api/workflow/change_status', headers: auth(who.token), payload: { new_status: 'personal_info' } });
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json()).toMatchObject({ new_status: 'personal_info' });
    expect(
      (await call(app, { url: '/api/workflow/navigation_stack', headers: auth(who.token) })).json<{ navigation_stack: string[] }>().navigation_stack.at(-1),
    ).toBe('personal_info');
    // Back is only to the stack's previous page: skipping back to job_info is refused.
    const skip = await call(app, { method: 'POST', url: '/api/workflow/change_status', headers: auth(who.token), payload: { new_status: 'job_info' } });
    expect([skip.statusCode, skip.json<{ current_status: string }>().current_status]).toEqual([422, 'personal_info']);
  });

  it('checks the SSN: "SSN is not valid", "SSN does not match", "has already been taken"', async () => {
    const first = await atRateCheckDecided();
    const taken = (await app.ctx.repos.application.findProfile(first.id))!;
    expect(taken.ssnIndex).toBeTruthy();
    const who = await atSsnInput();
    const ssn = (s: string, c?: string) =>
      postStep(who.token, {
        workflow_status_key: 'ssn_input',
        loan_borrower: { social_security_number: s, ...(c ? { social_security_number_confirmation: c } : {}) },
      });
    for (const bad of ['000-12-3456', '12345678', '950-12-3456', 'abc'])
      expect((await ssn(bad)).json(), bad).toEqual({ errors: { social_security_number: ['SSN is not valid'] } });
    expect((await ssn('123-45-6789', '123-45-6780')).json()).toEqual({ errors: { social_security_number_confirmation: ['SSN does not match'] } });
  });
});

describe('rate check (background job, polled every 5 s)', () => {
  it('answers ten parallel polls with one job and one decision', async () => {
    const who = await atSsnInput();
    await ok(postStep(who.token, { workflow_status_key: 'ssn_input', loan_borrower: { social_security_number: uniqueSsn() } }));
    const polls = await Promise.all(Array.from({ length: 10 }, () => postStep(who.token, { workflow_status_key: 'rate_check' })));
    for (const p of polls) expect(p.statusCode, p.body).toBe(200);
    const answers = polls.map((p) => p.json<{ new_status: string }>().new_status);
    expect(answers.every((s) => s === 'select_program' || s === 'rate_check')).toBe(true);
    const again = await ok(postStep(who.token, { workflow_status_key: 'rate_check' }));
    expect(again).toMatchObject({ new_status: 'select_program', pending: false });
    const row = (await app.ctx.repos.newflow.find(who.id))!;
    expect(row).toMatchObject({ rateCheckState: 'done', rateCheckAttempts: 1, rateCheckOutcome: 'approved' });
    const history = await app.ctx.repos.workflow.history(who.id);
    expect(history.filter((h) => h.fromStatus === 'rate_check')).toHaveLength(1);
  });

  it('keeps the applicant waiting while the bureau fails, and says so after the last attempt', async () => {
    const bureau = app.ctx.providers.creditBureau;
    app.ctx.providers.creditBureau = { provider: 'sandbox', softPull: () => Promise.reject(new Error('bureau down')) };
    try {
      const who = await atRateCheckDecided();
      expect(who.decided).toMatchObject({ new_status: 'rate_check', pending: true });
      const data = (await getStep(who.token, 'checking_rate')).json<{ data: { state: string } }>();
      expect(data.data.state).toBe('failed');
      expect((await app.ctx.repos.newflow.find(who.id))!).toMatchObject({ rateCheckState: 'failed', rateCheckAttempts: 3, rateCheckError: 'bureau down' });
      expect(await app.ctx.repos.workflow.currentStatus(who.id)).toBe('rate_check');
    } finally {
      app.ctx.providers.creditBureau = bureau;
    }
  });

  it('declines with adverse-action reasons on the status page, counteroffers, and stops a thin file', async () => {
    const declined = await atRateCheckDecided('123-45-0001');
    expect(declined.decided).toMatchObject({ new_status: 'denied', finalized_application: true });
    const page = (await getStep(declined.token, 'denied')).json<{ data: { adverse_action_reasons: string[]; reapply_date: string } }>();
    expect(page.data.adverse_action_reasons).toContain('Serious delinquency, and public record or collection filed');
    expect(page.data.reapply_date).toBe(addDays(TODAY, 90));
    const restart = await postStep(declined.token, { workflow_status_key: 'denied' });
    expect(restart.statusCode).toBe(422);
    expect(restart.json()).toEqual({ error: NEWFLOW_MSG.reapplyNotYet(addDays(TODAY, 90)) });

    const counter = await atRateCheckDecided('123-45-0002');
    expect(counter.decided.new_status).toBe('select_program');
    expect((await app.ctx.repos.newflow.find(counter.id))!).toMatchObject({ rateCheckOutcome: 'counteroffer', rateCheckApprovedCents: 150_000 });

    const thin = await atRateCheckDecided('123-45-0003');
    expect(thin.decided.new_status).toBe('cant_proceed');
  });
});

describe('program, split direct deposit, bank, documents', () => {
  it('sets up the split through the payroll widget when the allocation is correct, else sends to manual', async () => {
    const who = await atRateCheckDecided();
    const program = (await getStep(who.token, 'select_program')).json<{ data: { qualified_for_split_direct_deposit: boolean; allow_split_auto: boolean } }>();
    expect(program.data).toMatchObject({ qualified_for_split_direct_deposit: true, allow_split_auto: true });
    expect((await ok(postStep(who.token, { workflow_status_key: 'select_program', hasSelectedSplitDirectDeposit: true }))).new_status).toBe(
      'split_direct_deposit',
    );
    const split = (await getStep(who.token, 'split_direct_deposit')).json<{
      data: { error: string | null; allocation_amount: number; payroll_link: { user_token: string; pay_distribution_config: string } };
    }>();
    expect(split.data.error).toBeNull();
    // The automatic split asks for the loan payment per paycheck (not the manual $85.00).
    expect(split.data.allocation_amount).toBeGreaterThan(8_500);
    expect(split.data.payroll_link.pay_distribution_config).toBeTruthy();
    const forged = await call(app, {
      method: 'POST',
      url: '/api/payroll_link/sandbox/pay_distribution',
      headers: auth(who.token),
      payload: {
        user_token: split.data.payroll_link.user_token,
        account_id: who.payroll!.accountId,
        pay_distribution_config: 'sbx_payroll_config-forged.x',
        accept: true,
      },
    });
    expect(forged.statusCode).toBe(422);
    const accepted = await call(app, {
      method: 'POST',
      url: '/api/payroll_link/sandbox/pay_distribution',
      headers: auth(who.token),
      payload: {
        user_token: split.data.payroll_link.user_token,
        account_id: who.payroll!.accountId,
        pay_distribution_config: split.data.payroll_link.pay_distribution_config,
        accept: true,
      },
    });
    expect(accepted.json()).toMatchObject({ status: 'set', allocation_amount: split.data.allocation_amount });
    expect((await ok(postStep(who.token, { workflow_status_key: 'split_direct_deposit' }))).new_status).toBe('verify_bank_account');

    const declined = await atRateCheckDecided();
    await ok(postStep(declined.token, { workflow_status_key: 'select_program', hasSelectedSplitDirectDeposit: true }));
    const s2 = (await getStep(declined.token, 'split_direct_deposit')).json<{
      data: { payroll_link: { user_token: string; pay_distribution_config: string } };
    }>();
    await call(app, {
      method: 'POST',
      url: '/api/payroll_link/sandbox/pay_distribution',
      headers: auth(declined.token),
      payload: {
        user_token: s2.data.payroll_link.user_token,
        account_id: declined.payroll!.accountId,
        pay_distribution_config: s2.data.payroll_link.pay_distribution_config,
        accept: false,
      },
    });
    expect((await ok(postStep(declined.token, { workflow_status_key: 'split_direct_deposit' }))).new_status).toBe('split_direct_deposit_manual');
    // A split in place for another amount (here the manual $85.00) is not the allocation asked for: manual route.
    const otherAmount = await atRateCheckDecided();
    await ok(postStep(otherAmount.token, { workflow_status_key: 'select_program', hasSelectedSplitDirectDeposit: true }));
    const s3 = (await getStep(otherAmount.token, 'split_direct_deposit')).json<{ data: { payroll_link: { user_token: string } } }>();
    const eightyFive = await app.ctx.providers.payrollLink.payDistributionConfig({ amountCents: 8_500 });
    const set85 = await call(app, {
      method: 'POST',
      url: '/api/payroll_link/sandbox/pay_distribution',
      headers: auth(otherAmount.token),
      payload: { user_token: s3.data.payroll_link.user_token, account_id: otherAmount.payroll!.accountId, pay_distribution_config: eightyFive, accept: true },
    });
    expect(set85.json()).toMatchObject({ status: 'set', allocation_amount: 8_500 });
    expect((await ok(postStep(otherAmount.token, { workflow_status_key: 'split_direct_deposit' }))).new_status).toBe('split_direct_deposit_manual');

    const noProof = await postStep(declined.token, { workflow_status_key: 'split_direct_deposit_manual', loan_borrower: {} });
    expect(noProof.statusCode).toBe(422);
    expect(
      (
        await ok(
          postStep(declined.token, {
            workflow_status_key: 'split_direct_deposit_manual',
            loan_borrower: { allotment: upload('allotment', tinyPng(), 'image/png') },
          }),
        )
      ).new_status,
    ).toBe('verify_bank_account');
  });

  it('answers an error for a payroll without pay distribution (the SPA auto-submits to manual), and refuses wrong credentials', async () => {
    const who = await atRateCheckDecided(uniqueSsn(), { username: PAYROLL_SANDBOX_CREDENTIALS.noPayDistribution.username });
    await ok(postStep(who.token, { workflow_status_key: 'select_program', hasSelectedSplitDirectDeposit: true }));
    const split = (await getStep(who.token, 'split_direct_deposit')).json<{ data: { error: string | null; allow_split_auto: boolean } }>();
    expect(split.data.allow_split_auto).toBe(false);
    expect(split.data.error).toBeTruthy();
    expect((await ok(postStep(who.token, { workflow_status_key: 'split_direct_deposit' }))).new_status).toBe('split_direct_deposit_manual');

    const other = await atJobInfo();
    await jobInfo(other.token);
    const session = (await getStep(other.token, 'employment')).json<{ data: { payroll_link: { user_token: string } } }>().data.payroll_link;
    const wrong = await call(app, {
      method: 'POST',
      url: '/api/payroll_link/sandbox/login',
      headers: auth(other.token),
      payload: { user_token: session.user_token, username: 'test_1', password: 'passbad' },
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json()).toMatchObject({ error_code: 'invalid_credentials' });
    const forged = await postStep(other.token, { workflow_status_key: 'verify_employer', account_id: 'sbx_payroll_account-forged.x' });
    expect(forged.json()).toEqual({ errors: { account_id: [NEWFLOW_MSG.payrollNotConnected] } });
  });

  it('auto-debit: manual bank with a statement, then documents with every upload rule', async () => {
    const who = await atRateCheckDecided(uniqueSsn(), { manualEmployment: true });
    const program = (await getStep(who.token, 'select_program')).json<{ data: { allow_split_auto: boolean } }>();
    expect(program.data.allow_split_auto).toBe(false);
    expect((await ok(postStep(who.token, { workflow_status_key: 'select_program', hasSelectedSplitDirectDeposit: false }))).new_status).toBe(
      'verify_bank_account',
    );
    const none = await postStep(who.token, { workflow_status_key: 'verify_bank_account' });
    expect(none.json()).toEqual({ errors: { bank_account: [NEWFLOW_MSG.bankAccountMissing] } });
    const bank = await ok(
      postStep(who.token, {
        workflow_status_key: 'verify_bank_account',
        manual: { accountType: 'Checking', routingNumber: HARBOR_POINT.routing, accountNumber: '12345678', bankStatement: upload('bank_statement') },
      }),
    );
    expect(bank.new_status).toBe('additional_documents');

    const docs = (await getStep(who.token, 'additional_documents')).json<{ data: { required_documents: string[] } }>();
    expect(docs.data.required_documents).toEqual(['driver_license', 'proof_of_address', 'selfie_photo']);
    const big = tinyPdf(2_000_001);
    expect((await postStep(who.token, { workflow_status_key: 'additional_documents', driver_license: upload('driver_license', big) })).json()).toEqual({
      errors: { driver_license: [DOCUMENT_FILE_TOO_LARGE] },
    });
    expect(
      (await postStep(who.token, { workflow_status_key: 'additional_documents', driver_license: upload('driver_license', tinyGif(), 'image/png') })).json(),
    ).toEqual({ errors: { driver_license: [DOCUMENT_FILE_WRONG_TYPE] } });
    const bigGif = Buffer.concat([tinyGif(), Buffer.alloc(2_000_001)]);
    expect(
      (await postStep(who.token, { workflow_status_key: 'additional_documents', selfie_photo: upload('selfie_photo', bigGif, 'image/gif') })).json(),
    ).toEqual({ errors: { selfie_photo: [NEWFLOW_MSG.fileTooLargeAndWrongType] } });
    expect((await postStep(who.token, { workflow_status_key: 'additional_documents' })).json()).toEqual({
      errors: { documents: [NEWFLOW_MSG.documentsMissing] },
    });

    const proof = (facts: Record<string, string>) =>
      postStep(who.token, { workflow_status_key: 'additional_documents', proof_of_address: upload('proof_of_address'), proof_of_address_facts: facts });
    expect((await proof({ statement_date: addDays(TODAY, -46), address: PERSONAL.address, zip_code: PERSONAL.zip_code })).json()).toEqual({
      errors: { proof_of_address: [NEWFLOW_MSG.proofOfAddressTooOld] },
    });
    expect((await proof({ statement_date: addDays(TODAY, 1), address: PERSONAL.address, zip_code: PERSONAL.zip_code })).json()).toEqual({
      errors: { proof_of_address: [NEWFLOW_MSG.proofOfAddressFuture] },
    });
    expect((await proof({ statement_date: TODAY, address: '9 Elm Road', zip_code: PERSONAL.zip_code })).json()).toEqual({
      errors: { proof_of_address: [NEWFLOW_MSG.proofOfAddressMismatch] },
    });
    expect((await ok(proof({ statement_date: addDays(TODAY, -45), address: '123 N. Main St', zip_code: PERSONAL.zip_code }))).new_status).toBe(
      'additional_documents',
    );
    await ok(
      postStep(who.token, {
        workflow_status_key: 'additional_documents',
        driver_license: upload('driver_license', tinyPng(), 'image/png'),
        selfie_photo: upload('selfie_photo', tinyPng(), 'image/png'),
      }),
    );
    expect((await ok(postStep(who.token, { workflow_status_key: 'additional_documents' }))).new_status).toBe('loan_offer');
  });
});

/** Walks an applicant to loan_offer (auto-debit unless `split`: the manual split, or the automatic one through the widget). */
async function atLoanOffer(split: boolean | 'automatic') {
  const who = await atRateCheckDecided();
  let allocation: number | null = null;
  if (split === 'automatic') {
    await ok(postStep(who.token, { workflow_status_key: 'select_program', hasSelectedSplitDirectDeposit: true }));
    const data = (await getStep(who.token, 'split_direct_deposit')).json<{
      data: { allocation_amount: number; payroll_link: { user_token: string; pay_distribution_config: string } };
    }>().data;
    allocation = data.allocation_amount;
    const set = await call(app, {
      method: 'POST',
      url: '/api/payroll_link/sandbox/pay_distribution',
      headers: auth(who.token),
      payload: {
        user_token: data.payroll_link.user_token,
        account_id: who.payroll!.accountId,
        pay_distribution_config: data.payroll_link.pay_distribution_config,
        accept: true,
      },
    });
    expect(set.statusCode, set.body).toBe(200);
    expect((await ok(postStep(who.token, { workflow_status_key: 'split_direct_deposit' }))).new_status).toBe('verify_bank_account');
  } else if (split) {
    await ok(postStep(who.token, { workflow_status_key: 'select_program', hasSelectedSplitDirectDeposit: true }));
    await ok(postStep(who.token, { workflow_status_key: 'split_direct_deposit', manual: true }));
    await ok(postStep(who.token, { workflow_status_key: 'split_direct_deposit_manual', loan_borrower: { allotment: upload('allotment') } }));
  } else {
    await ok(postStep(who.token, { workflow_status_key: 'select_program', hasSelectedSplitDirectDeposit: false }));
  }
  if (split) {
    // The bank widget (sandbox aggregator, auth product): the linked account is verified, the step moves on.
    await linkSandboxBank(newflowSteps(app), who.token);
  } else {
    await manualBank(newflowSteps(app), who.token, { accountType: 'Savings', accountNumber: '87654321' });
  }
  await documentsToLoanOffer(newflowSteps(app), who.token, TODAY);
  return { ...who, allocation };
}

type OfferData = { split_direct_deposit: TLoanOffer[]; auto_debit: TLoanOffer[]; one_times: TLoanOffer[]; discount_percentage: number };

/** Every figure of an offer equals the loan engine's disclosure (Reg Z: APR, finance charge, total, payment). */
function expectEngineFigures(offer: TLoanOffer, feeFinanced: boolean) {
  const frequency = offer.term_frequency as Frequency;
  const disbursementDate = nextBusinessDay(utcDay(app.ctx.now()));
  const { schedule, disclosure } = quoteLoan({
    amountCents: offer.amount as never,
    originationFeeCents: offer.fee_amount as never,
    feeFinanced,
    annualRatePercent: offer.interest_rate,
    frequency,
    numberOfPayments: offer.terms,
    disbursementDate,
    firstPaymentDate: firstPaymentDate(frequency, disbursementDate, null),
  });
  expect(offer.fixed_payment_amount).toBe(schedule.regularPaymentCents);
  expect(offer.apr).toBe(disclosure.aprPercent);
  expect(offer.finance_charge).toBe(disclosure.financeChargeCents);
  expect(offer.total_of_payments).toBe(disclosure.totalOfPaymentsCents);
}

describe('loan offers, password, phone, approval and signature', () => {
  it('offers figures equal to the loan engine for every list, and accepts only an offered one', async () => {
    const split = await atLoanOffer(true);
    const data = (await getStep(split.token, 'loan_offer')).json<{ data: OfferData }>().data;
    expect(data.split_direct_deposit.length).toBeGreaterThan(0);
    expect(data.auto_debit.length).toBeGreaterThan(0);
    const application = await app.ctx.repos.loanTerms.programInForce('split_direct_deposit', TODAY);
    const feeFinanced = (o: TLoanOffer) => application!.entries.some((e) => e.termMonths === o.terms_in_months && e.feeFinanced);
    for (const o of [...data.split_direct_deposit, ...data.auto_debit, ...data.one_times]) expectEngineFigures(o, feeFinanced(o));
    expect(Number(data.split_direct_deposit[0]!.interest_rate)).toBeLessThan(Number(data.auto_debit[0]!.interest_rate));
    const offer = data.split_direct_deposit[0]!;
    const wrong = await postStep(split.token, {
      workflow_status_key: 'loan_offer',
      isAutodebit: false,
      payment: offer.fixed_payment_amount + 1,
      amount: offer.amount,
    });
    expect(wrong.json()).toEqual({ errors: { payment: [NEWFLOW_MSG.offerNotOffered] } });
    expect(
      (
        await ok(
          postStep(split.token, {
            workflow_status_key: 'loan_offer',
            isAutodebit: false,
            payment: offer.fixed_payment_amount,
            amount: offer.amount,
            terms: offer.terms,
          }),
        )
      ).new_status,
    ).toBe('password_creation');
    const stored = (await app.ctx.repos.application.activeApplication(split.id))!;
    expect(stored).toMatchObject({
      amountCents: offer.amount,
      paymentPerTermCents: offer.fixed_payment_amount,
      aprPercent: offer.apr,
      paymentMethod: 'split_direct_deposit',
    });
  });

  it('automatic split: the widget was asked for the loan payment, which covers every split offer (the largest is exactly it)', async () => {
    const who = await atLoanOffer('automatic');
    const data = (await getStep(who.token, 'loan_offer')).json<{ data: OfferData }>().data;
    expect(data.split_direct_deposit.length).toBeGreaterThan(0);
    expect(Math.max(...data.split_direct_deposit.map((o) => o.fixed_payment_amount))).toBe(who.allocation);
    expect(await app.ctx.repos.newflow.find(who.id)).toMatchObject({
      allocationRequestedCents: who.allocation,
      allocationAmountCents: who.allocation,
      allocationStatus: 'set',
    });
    const staff = await staffToken(app, 'underwriter@payrail.test');
    const evidence = await call(app, { url: `/api/backoffice/applications/${who.id}/newflow`, headers: auth(staff) });
    expect(evidence.json()).toMatchObject({
      program: 'split_direct_deposit',
      payroll: { allocation_requested: who.allocation, allocation_amount: who.allocation, allocation_status: 'set' },
    });
    const offer = data.split_direct_deposit[0]!;
    expect(
      (
        await ok(
          postStep(who.token, {
            workflow_status_key: 'loan_offer',
            isAutodebit: false,
            payment: offer.fixed_payment_amount,
            amount: offer.amount,
            terms: offer.terms,
          }),
        )
      ).new_status,
    ).toBe('password_creation');
  });

  it('walks password creation, phone validation, review, approval and e-signature to a fundable application', async () => {
    const who = await atLoanOffer(false);
    const offer = (await getStep(who.token, 'loan_offer')).json<{ data: OfferData }>().data.auto_debit[0]!;
    expect(offer).toBeTruthy();
    // An auto-debit offer is the ACH authorization: refused without the disclosure accepted (newflow-auto-debit.int.test.ts).
    expect(
      (
        await postStep(who.token, {
          workflow_status_key: 'loan_offer',
          isAutodebit: true,
          payment: offer.fixed_payment_amount,
          amount: offer.amount,
          terms: offer.terms,
        })
      ).json(),
    ).toEqual({ errors: { auto_debit_disclosure_accepted: [NEWFLOW_MSG.autoDebitDisclosureRequired] } });
    await ok(
      postStep(who.token, {
        workflow_status_key: 'loan_offer',
        isAutodebit: true,
        payment: offer.fixed_payment_amount,
        amount: offer.amount,
        terms: offer.terms,
        auto_debit_disclosure_accepted: true,
      }),
    );

    const pw = (password: string, password_confirm: string, refer_code?: string) =>
      postStep(who.token, { workflow_status_key: 'password_creation', loan_borrower: { password, password_confirm }, ...(refer_code ? { refer_code } : {}) });
    expect((await pw('short', 'short')).json<{ errors: Record<string, string[]> }>().errors.password).toBeTruthy();
    expect((await pw(PASSWORD, `${PASSWORD}x`)).json()).toEqual({ errors: { password_confirm: ['password does not match'] } });
    expect((await pw(PASSWORD, PASSWORD, 'NOPE1234')).json()).toEqual({ errors: { refer_code: ['This referral code does not exist.'] } });
    expect((await ok(pw(PASSWORD, PASSWORD))).new_status).toBe('phone_validation');
    const email = await call(app, { method: 'POST', url: '/api/email', payload: { email: who.email } });
    expect([email.statusCode, email.json()]).toEqual([200, { data: 'password', has_password: true }]);
    const signedIn = await login(app, who.email, PASSWORD);
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json()).toMatchObject({ data: { workflow_status: 'phone_validation', new_flow: true } });

    const number = uniquePhone();
    const sent = await postStep(who.token, { workflow_status_key: 'phone_validation', phone: { number } });
    expect(sent.statusCode, sent.body).toBe(201);
    expect(sent.json()).toMatchObject({ new_status: 'phone_validation', code_sent: true });
    const short = await postStep(who.token, { workflow_status_key: 'phone_validation', phone: { number, code: '12' } });
    expect(short.statusCode).toBe(422);
    const code = await latestPhoneCode(app, number);
    expect(await ok(postStep(who.token, { workflow_status_key: 'phone_validation', phone: { number, code } }))).toMatchObject({
      new_status: 'application_submitted',
      finalized_application: true,
    });

    // The reviewer approves in the back office queue like a classic application.
    const staff = await staffToken(app, 'underwriter@payrail.test');
    const approved = await call(app, { method: 'POST', url: `/api/backoffice/applications/${who.id}/approve`, headers: auth(staff) });
    expect(approved.statusCode, approved.body).toBe(200);
    expect((await getStep(who.token, 'approved')).json()).toMatchObject({
      current_status: 'approved',
      new_status: null,
      finalized_application: true,
      data: { signed: false, funded: false },
    });
    expect((await ok(postStep(who.token, { workflow_status_key: 'approved' }))).new_status).toBe('esignature_needed');
    const signed = await call(app, { method: 'POST', url: '/api/esignature/sign', headers: auth(who.token), payload: { signature_name: 'Ana Cruz' } });
    expect(signed.statusCode, signed.body).toBe(200);
    expect(await app.ctx.repos.workflow.currentStatus(who.id)).toBe('approved');
    // Signed: the approved step cannot open the contract again (the SPA shows money_on_way).
    expect((await postStep(who.token, { workflow_status_key: 'approved' })).statusCode).toBe(409);
    // The reviewer's evidence.
    const evidence = await call(app, { url: `/api/backoffice/applications/${who.id}/newflow`, headers: auth(staff) });
    expect(evidence.statusCode, evidence.body).toBe(200);
    expect(evidence.json()).toMatchObject({
      new_flow: true,
      loan_request: { amount: 300_000, payment_frequency: 'bi-weekly', loan_purpose_name: 'Emergency Cash' },
      rate_check: { state: 'done', outcome: 'approved' },
      program: 'auto_debit',
      proof_of_address: { statement_date: TODAY, address: PERSONAL.address, zip_code: PERSONAL.zip_code },
      chosen_offer: { amount: offer.amount, fixed_payment_amount: offer.fixed_payment_amount, is_autodebit: true },
    });
    expect((await call(app, { url: `/api/backoffice/applications/${who.id}/newflow`, headers: auth(who.token) })).statusCode).toBe(401);
    // Funded by the existing servicing funding: the loan the borrower sees on money_on_way.
    const servicer = await staffToken(app, 'servicer@payrail.test');
    const funded = await call(app, {
      method: 'POST',
      url: `/api/backoffice/applications/${who.id}/fund`,
      headers: { ...auth(servicer), 'idempotency-key': `newflow-fund-${who.id}` },
    });
    expect(funded.statusCode, funded.body).toBe(200);
    expect(funded.json<{ loan: { amount: number; apr: string } }>().loan).toMatchObject({ amount: offer.amount });
    expect((await getStep(who.token, 'approved')).json()).toMatchObject({
      data: { signed: true, funded: true, amount: offer.amount, loan_identifier: expect.stringMatching(/^\d{4}-\d{2}-\d{4}$/) },
    });
  });
});

describe('proof of address in the classic upload (stated date and address)', () => {
  it('checks the stated date and address, keeps them for the reviewer, and leaves a plain upload alone', async () => {
    const who = await signUpConfirmed(app);
    await fillAboutYourself(app, who.token, { address: '500 Oak Avenue', zip_code: '62702' });
    const send = (fields: Record<string, string>) => {
      const form = multipart([
        { name: 'document[document_type_name]', value: 'proof_of_address' },
        ...Object.entries(fields).map(([k, v]) => ({ name: `document[${k}]`, value: v })),
        { name: 'document[file]', filename: 'bill.pdf', contentType: 'application/pdf', data: tinyPdf() },
      ]);
      return call(app, { method: 'POST', url: '/api/documents', headers: { ...form.headers, ...auth(who.token) }, payload: form.payload });
    };
    const old = await send({ statement_date: addDays(TODAY, -60), address: '500 Oak Ave', zip_code: '62702' });
    expect(old.statusCode).toBe(422);
    expect(old.json()).toEqual({ errors: { file: [NEWFLOW_MSG.proofOfAddressTooOld] } });
    expect((await send({ statement_date: TODAY, address: '1 Other St', zip_code: '62702' })).json()).toEqual({
      errors: { file: [NEWFLOW_MSG.proofOfAddressMismatch] },
    });
    const good = await send({ statement_date: addDays(TODAY, -3), address: '500 Oak Ave.', zip_code: '62702' });
    expect(good.statusCode, good.body).toBe(201);
    expect((await app.ctx.repos.newflow.find(who.id))!).toMatchObject({
      proofStatementDate: addDays(TODAY, -3),
      proofDocumentId: good.json<{ id: number }>().id,
    });
    expect((await send({})).statusCode).toBe(201);
  });
});
