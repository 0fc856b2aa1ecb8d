import { APPLICATION_MSG } from '@payrail/contract/application';
import { FIELD_MSG, MSG } from '@payrail/contract/messages';
import { DEFAULT_RULE_SET } from '@payrail/domain/underwriting/default-rule-set';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { employerRequests, underwritingDecisions } from '../src/db/schema/index';
import { borrowerAtEmployer, classicApp, employerOfKind, get, newBorrower, post, selectEmployer } from './application-helpers';
import { call } from './identity-helpers';
import type { TestApp } from './test-app';

let app: TestApp;
beforeAll(async () => {
  app = await classicApp();
});
afterAll(() => app.close());

const decisions = (userId: number) =>
  app.ctx.database.db.select().from(underwritingDecisions).where(eq(underwritingDecisions.userId, userId)).orderBy(desc(underwritingDecisions.id));
const status = async (userId: number) => app.ctx.repos.workflow.currentStatus(userId);
const EMPLOYER_NOT_ELIGIBLE = 'Your employer does not take part in our loan program yet.';

describe('GET /api/employer_entrypoint', () => {
  it('answers nothing chosen yet, then the employer, employee id, income source and working time', async () => {
    const { token } = await borrowerAtEmployer(app);
    expect((await get(app, token, '/api/employer_entrypoint')).json()).toEqual({
      employee_id: null,
      employer_id: null,
      employer_obj: null,
      income_source: null,
      working_time_range: null,
    });
    const partner = await employerOfKind(app, 'partner');
    expect((await selectEmployer(app, token, { employer_id: partner.id, employee_id: ' EMP-42 ', working_time_range: 'More than 5 years' })).json()).toEqual({
      ok: true,
      new_status: 'phone_verification',
    });
    expect((await get(app, token, '/api/employer_entrypoint')).json()).toEqual({
      employee_id: 'EMP-42',
      employer_id: partner.id,
      employer_obj: { id: partner.id, name: partner.name, partnership: 'b2b_partner' },
      income_source: 'Employed',
      working_time_range: 'More than 5 years',
    });
  });
});

describe('PATCH /api/employer_selected', () => {
  it('runs the underwriting, records the decision and moves on to the phone step', async () => {
    const { token, id } = await borrowerAtEmployer(app);
    const federal = await employerOfKind(app, 'federal');
    const res = await selectEmployer(app, token, { employer_id: federal.id, working_time_range: '1_3' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true, new_status: 'phone_verification' });
    expect(await status(id)).toBe('phone_verification');
    const [decision] = await decisions(id);
    expect(decision).toMatchObject({
      stage: 'employer',
      ruleSetVersion: DEFAULT_RULE_SET.version,
      decidedOn: '2026-12-01',
      outcome: 'approve',
      maxAmountCents: 10_000_00,
      notQualifiedReason: null,
    });
    expect(decision!.inputs).toMatchObject({
      stateAvailable: true,
      dateOfBirth: '1986-04-12',
      workingTimeRange: '1_3',
      militaryActive: false,
      employerProgram: 'federal_allotment',
      annualIncomeCents: 60_000_00,
    });
    expect(decision!.trace).toHaveLength(DEFAULT_RULE_SET.rules.length);
  });

  it('refuses less than one year at the job with the spec message, records the denial and saves nothing', async () => {
    const { token, id } = await borrowerAtEmployer(app);
    const federal = await employerOfKind(app, 'federal');
    const res = await selectEmployer(app, token, { employer_id: federal.id, working_time_range: 'Less than 1 year' });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ errors: { working_time_range: [MSG.tenureTooShort] } });
    expect(await status(id)).toBe('employer');
    const [decision] = await decisions(id);
    expect(decision).toMatchObject({ outcome: 'deny', notQualifiedReason: MSG.tenureTooShort, reapplyOn: '2027-05-30' });
    expect(decision!.adverseActionReasons).toEqual(['Length of employment']);
    expect((await get(app, token, '/api/employer_entrypoint')).json()).toMatchObject({ employer_id: null, working_time_range: null });
  });

  it('refuses active military duty on its field', async () => {
    const { token } = await borrowerAtEmployer(app);
    const federal = await employerOfKind(app, 'federal');
    const res = await selectEmployer(app, token, { employer_id: federal.id, working_time_range: '3 - 5 years', military_active: true });
    expect(res.json()).toEqual({ errors: { military_active: [APPLICATION_MSG.militaryIneligible] } });
  });

  it('refuses an income too small for the smallest loan on the employer field', async () => {
    const { token, id } = await borrowerAtEmployer(app, { annual_income: '2,000' });
    const federal = await employerOfKind(app, 'federal');
    const res = await selectEmployer(app, token, { employer_id: federal.id, working_time_range: '3 - 5 years' });
    expect(res.json()).toEqual({ errors: { employer_id: ['Your income does not support the smallest loan we offer.'] } });
    expect((await decisions(id))[0]).toMatchObject({ outcome: 'deny', maxAmountCents: 400_00 });
  });

  it('needs an employee id of at most 30 characters for a partner employer', async () => {
    const { token } = await borrowerAtEmployer(app);
    const partner = await employerOfKind(app, 'partner');
    expect((await selectEmployer(app, token, { employer_id: partner.id, working_time_range: '3 - 5 years' })).json()).toEqual({
      errors: { employee_id: [FIELD_MSG.blank] },
    });
    expect((await selectEmployer(app, token, { employer_id: partner.id, employee_id: 'E'.repeat(31), working_time_range: '3 - 5 years' })).json()).toEqual({
      errors: { employee_id: [FIELD_MSG.tooLong(30)] },
    });
  });

  it('answers field errors for an unknown employer and a missing working time', async () => {
    const { token } = await borrowerAtEmployer(app);
    expect((await selectEmployer(app, token, { employer_id: 999_999, working_time_range: '3 - 5 years' })).json()).toEqual({
      errors: { employer_id: [FIELD_MSG.notFound] },
    });
    expect((await selectEmployer(app, token, { employer_id: 1 })).json()).toEqual({ errors: { working_time_range: [FIELD_MSG.blank] } });
    expect((await selectEmployer(app, token, { working_time_range: '3 - 5 years' })).json()).toEqual({ errors: { employer_id: [FIELD_MSG.blank] } });
  });

  it('is refused outside the employer step', async () => {
    const { token } = await newBorrower(app);
    const federal = await employerOfKind(app, 'federal');
    const res = await selectEmployer(app, token, { employer_id: federal.id, working_time_range: '3 - 5 years' });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ error: APPLICATION_MSG.stepNotAvailable('about_yourself'), current_status: 'about_yourself' });
  });
});

describe('POST /api/change_income_source', () => {
  it('Employed keeps the borrower on the employer step and clears the employer and employee id', async () => {
    const { token, id } = await borrowerAtEmployer(app);
    const partner = await employerOfKind(app, 'partner');
    await app.ctx.repos.application.saveFields(id, { profile: { employeeId: 'OLD-1' }, borrower: { employerId: partner.id } }, new Date());
    const res = await post(app, token, '/api/change_income_source', { income_source: 'Employed', working_time_range: '1 - 3 years' });
    expect(res.json()).toEqual({ ok: true, new_status: 'employer' });
    expect((await get(app, token, '/api/employer_entrypoint')).json()).toEqual({
      employee_id: null,
      employer_id: null,
      employer_obj: null,
      income_source: 'Employed',
      working_time_range: '1 - 3 years',
    });
  });

  it('decides any other source at once: the program lends against employment', async () => {
    const { token, id } = await borrowerAtEmployer(app);
    const res = await post(app, token, '/api/change_income_source', { income_source: 'Retired', working_time_range: 'More than 5 years' });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ errors: { income_source: [EMPLOYER_NOT_ELIGIBLE] } });
    expect((await decisions(id))[0]).toMatchObject({ outcome: 'deny', notQualifiedReason: EMPLOYER_NOT_ELIGIBLE });
    expect(await status(id)).toBe('employer');
  });

  it('validates the source and the working time', async () => {
    const { token } = await borrowerAtEmployer(app);
    const res = await post(app, token, '/api/change_income_source', { income_source: 'Lottery', working_time_range: 'ages' });
    expect(res.json()).toEqual({ errors: { income_source: [FIELD_MSG.notIncluded] } });
    const tenure = await post(app, token, '/api/change_income_source', { income_source: 'Employed', working_time_range: 'Less than 1 year' });
    expect(tenure.json()).toEqual({ errors: { working_time_range: [MSG.tenureTooShort] } });
  });
});

describe('POST /api/employers (employer not listed)', () => {
  it('creates an employer pending review, hidden from the search, that its author can select', async () => {
    const { token, id } = await borrowerAtEmployer(app);
    const name = `Harbor Bakery ${id}`;
    const res = await post(app, token, '/api/employers', { employer: { name, paymentFrequency: 'Bi-weekly', paymentDate: '11/20/2026' } });
    expect(res.statusCode).toBe(201);
    const { employer_id } = res.json<{ employer_id: number }>();
    const [request] = await app.ctx.database.db.select().from(employerRequests).where(eq(employerRequests.employerId, employer_id));
    expect(request).toMatchObject({ userId: id, name, paymentFrequency: 'biweekly', lastPaycheckDate: '2026-11-20', status: 'pending_review' });
    expect((await call(app, { url: `/api/employers?search=${encodeURIComponent(name)}` })).json()).toEqual([]);

    const other = await borrowerAtEmployer(app);
    expect((await selectEmployer(app, other.token, { employer_id, working_time_range: '3 - 5 years' })).json()).toEqual({
      errors: { employer_id: [FIELD_MSG.notFound] },
    });

    expect((await selectEmployer(app, token, { employer_id, working_time_range: '3 - 5 years' })).json()).toEqual({
      ok: true,
      new_status: 'phone_verification',
    });
    const [decision] = await decisions(id);
    expect(decision).toMatchObject({ outcome: 'refer', maxAmountCents: 5_000_00 });
    expect(decision!.reasons).toEqual([expect.objectContaining({ code: 'employer_review', outcome: 'refer' })]);
  });

  it('validates the name, the pay frequency and the last paycheck date', async () => {
    const { token } = await borrowerAtEmployer(app);
    const bad = await post(app, token, '/api/employers', { employer: { name: ' ', paymentFrequency: 'Daily', paymentDate: '12/25/2026' } });
    expect(bad.json()).toEqual({ errors: { name: [FIELD_MSG.blank] } });
    const future = await post(app, token, '/api/employers', { employer: { name: 'Acme', paymentFrequency: 'Daily', paymentDate: '12/25/2026' } });
    expect(future.json()).toEqual({ errors: { paymentFrequency: [FIELD_MSG.notIncluded], paymentDate: [APPLICATION_MSG.dateInFuture] } });
    const garbage = await post(app, token, '/api/employers', { employer: { name: 'Acme', paymentFrequency: 'Monthly', paymentDate: 'last week' } });
    expect(garbage.json()).toEqual({ errors: { paymentDate: [FIELD_MSG.invalid] } });
  });
});
