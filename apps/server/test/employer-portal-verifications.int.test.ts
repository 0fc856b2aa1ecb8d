import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  TBackofficeEmployerVerifications,
  TBackofficeVerification,
  TBackofficeVerificationList,
  TEmployerVerification,
  TEmployerVerificationList,
} from '@payrail/contract/employer-verifications';
import { EMPLOYMENT_VERIFICATION_MSG } from '@payrail/contract/employer-verifications';
import { addBusinessDays } from '@payrail/domain/calendar';
import type { IsoDate } from '@payrail/domain/dates';
import { VERIFICATION_FALLBACK_BUSINESS_DAYS } from '@payrail/domain/employer/verification';
import { borrowerProfiles, employerActions, loanBorrowers, staffActions } from '../src/db/schema/index';
import { forceStatus, staffToken } from './application-helpers';
import { auth, call, signUpConfirmed } from './identity-helpers';
import { employerSession, partnerEmployer } from './support/employer-portal';
import { type TestApp, testApp } from './test-app';

// Business clock Tuesday 2035-09-04 (a day no servicing run reached).
const NOW = new Date('2035-09-04T12:00:00Z');
const TODAY = '2035-09-04' as IsoDate;
let app: TestApp;
let underwriter: string;
let servicer: string;
let employerA: { id: number; name: string };
let employerB: { id: number; name: string };
let noPortal: { id: number; name: string };
let hrA: { headers: { authorization: string }; userId: number };
let hrB: { headers: { authorization: string } };
const tag = Math.random().toString(36).slice(2, 7).toUpperCase();

async function applicant(employerId: number, first: string, employeeId: string | null = null) {
  const who = await signUpConfirmed(app, { employer_id: employerId });
  await app.ctx.database.db
    .update(loanBorrowers)
    .set({ firstName: first, lastName: `Applicant${tag}` })
    .where(eq(loanBorrowers.userId, who.id));
  if (employeeId)
    await app.ctx.database.db
      .insert(borrowerProfiles)
      .values({ userId: who.id, employeeId })
      .onConflictDoUpdate({ target: borrowerProfiles.userId, set: { employeeId } });
  return { ...who, name: `${first} Applicant${tag}` };
}

beforeAll(async () => {
  app = await testApp({ now: () => NOW });
  await app.ctx.repos.loanBook.setBusinessDateOverride(TODAY, null, NOW);
  [underwriter, servicer] = await Promise.all([staffToken(app, 'underwriter@payrail.test'), staffToken(app, 'servicer@payrail.test')]);
  employerA = await partnerEmployer(app, 'Verify A');
  employerB = await partnerEmployer(app, 'Verify B');
  noPortal = await partnerEmployer(app, 'Verify none');
  hrA = await employerSession(app, employerA.id);
  hrB = await employerSession(app, employerB.id);
});
afterAll(async () => {
  await app.ctx.repos.loanBook.setBusinessDateOverride(null, null, NOW);
  await app.close();
});

const ask = (userId: number, body: Record<string, unknown> = {}, token = underwriter) =>
  call(app, { method: 'POST', url: `/api/backoffice/applications/${userId}/employment_verification`, headers: auth(token), payload: body });
const portal = (who: { headers: { authorization: string } } | null, method: 'GET' | 'POST', url: string, payload?: Record<string, unknown>) =>
  call(app, { method, url: `/api/employer_portal${url}`, headers: who ? who.headers : {}, ...(payload ? { payload } : {}) });
const mine = async (who: { headers: { authorization: string } }) =>
  (await portal(who, 'GET', '/verifications')).json<TEmployerVerificationList>().verifications;

describe('underwriting asks the employer; the answer reaches the decision', () => {
  let terminated: Awaited<ReturnType<typeof applicant>>;
  let request: TBackofficeVerification;

  it('an employer without active portal users cannot be asked (409, what to do instead)', async () => {
    const x = await applicant(noPortal.id, 'Nobody');
    const res = await ask(x.id);
    expect(res.statusCode).toBe(409);
    expect(res.json<{ error: string }>().error).toBe(EMPLOYMENT_VERIFICATION_MSG.noPortalUsers(noPortal.name));
    expect((await ask(x.id, {}, servicer)).statusCode).toBe(403);
    expect((await ask(2147483000)).statusCode).toBe(404);
  });

  it('creates the request once (audited); the employer sees the applicant’s name and stated employee id only', async () => {
    terminated = await applicant(employerA.id, 'Gone', `EMP-${tag}`);
    const res = await ask(terminated.id);
    expect(res.statusCode, res.body).toBe(201);
    request = res.json<TBackofficeVerification>();
    expect(request).toMatchObject({
      employer_id: employerA.id,
      applicant_name: terminated.name,
      stated_employee_id: `EMP-${tag}`,
      requested_on: TODAY,
      due_on: addBusinessDays(TODAY, 3),
      state: 'open',
      answer: null,
      blocks_approval: null,
    });
    const again = await ask(terminated.id);
    expect(again.statusCode).toBe(200);
    expect(again.json<TBackofficeVerification>().id).toBe(request.id);
    const audit = await app.ctx.database.db
      .select()
      .from(staffActions)
      .where(and(eq(staffActions.targetUserId, terminated.id), eq(staffActions.action, 'employment_verification_requested')));
    expect(audit).toHaveLength(1);
    const seen = (await mine(hrA)).find((v) => v.id === request.id)!;
    expect(seen).toEqual({
      id: request.id,
      applicant_name: terminated.name,
      stated_employee_id: `EMP-${tag}`,
      requested_on: TODAY,
      due_on: addBusinessDays(TODAY, 3),
      state: 'open',
      answer: null,
    });
  });

  it('employer B neither sees nor answers A’s request (404); no session is 401', async () => {
    expect((await mine(hrB)).map((v) => v.id)).not.toContain(request.id);
    expect((await portal(hrB, 'POST', `/verifications/${request.id}/answer`, { employment_status: 'active' })).statusCode).toBe(404);
    expect((await portal(null, 'GET', '/verifications')).statusCode).toBe(401);
    expect((await portal(null, 'POST', `/verifications/${request.id}/answer`, { employment_status: 'active' })).statusCode).toBe(401);
  });

  it('A answers "terminated" once (audited); a second answer is 409; bad input 422', async () => {
    expect((await portal(hrA, 'POST', `/verifications/${request.id}/answer`, { employment_status: 'retired' })).statusCode).toBe(422);
    expect((await portal(hrA, 'POST', `/verifications/${request.id}/answer`, { employment_status: 'active', hire_date: '2099-01-01' })).statusCode).toBe(422);
    const res = await portal(hrA, 'POST', `/verifications/${request.id}/answer`, {
      employment_status: 'terminated',
      hire_date: '2030-05-01',
      pay_frequency: 'biweekly',
      income_range: '25k_50k',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<TEmployerVerification>()).toMatchObject({
      id: request.id,
      state: 'answered',
      answer: { employment_status: 'terminated', hire_date: '2030-05-01', pay_frequency: 'biweekly' },
    });
    const twice = await portal(hrA, 'POST', `/verifications/${request.id}/answer`, { employment_status: 'active' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json<{ error: string }>().error).toBe(EMPLOYMENT_VERIFICATION_MSG.alreadyAnswered);
    const audit = await app.ctx.database.db
      .select()
      .from(employerActions)
      .where(and(eq(employerActions.employerUserId, hrA.userId), eq(employerActions.action, 'verification_answered')));
    expect(audit.map((a) => a.after)).toEqual([
      expect.objectContaining({ verification_id: request.id, employment_status: 'terminated', income_range: '25k_50k' }),
    ]);
  });

  it('the application page shows the answer, and approval is refused with the reason', async () => {
    const list = (
      await call(app, { url: `/api/backoffice/applications/${terminated.id}/employment_verification`, headers: auth(servicer) })
    ).json<TBackofficeVerificationList>();
    const v = list.verifications[0]!;
    expect(v).toMatchObject({ id: request.id, state: 'answered', answer: { employment_status: 'terminated', income_range: '25k_50k' } });
    expect(v.blocks_approval).toContain('no longer employed');
    await forceStatus(app, terminated.id, 'application_submitted');
    const approve = await call(app, { method: 'POST', url: `/api/backoffice/applications/${terminated.id}/approve`, headers: auth(underwriter) });
    expect(approve.statusCode).toBe(422);
    expect(approve.json<{ error: string }>().error).toBe(v.blocks_approval);
    expect(await app.ctx.repos.workflow.currentStatus(terminated.id)).toBe('application_submitted');
    // Nor is the allotment approved (the step before the signature and the approval).
    await forceStatus(app, terminated.id, 'review_allotment');
    const allotment = await call(app, { method: 'POST', url: `/api/backoffice/applications/${terminated.id}/approve_allotment`, headers: auth(underwriter) });
    expect(allotment.statusCode).toBe(422);
    expect(allotment.json<{ error: string }>().error).toBe(v.blocks_approval);
  });

  it('"not_found" blocks too; "active" does not', async () => {
    const stranger = await applicant(employerA.id, 'Stranger');
    const sv = (await ask(stranger.id)).json<TBackofficeVerification>();
    expect((await portal(hrA, 'POST', `/verifications/${sv.id}/answer`, { employment_status: 'not_found' })).statusCode).toBe(200);
    await forceStatus(app, stranger.id, 'application_submitted');
    const refused = await call(app, { method: 'POST', url: `/api/backoffice/applications/${stranger.id}/approve`, headers: auth(underwriter) });
    expect(refused.statusCode).toBe(422);
    expect(refused.json<{ error: string }>().error).toContain('not an employee');

    const worker = await applicant(employerA.id, 'Worker');
    const wv = (await ask(worker.id)).json<TBackofficeVerification>();
    expect((await portal(hrA, 'POST', `/verifications/${wv.id}/answer`, { employment_status: 'active' })).statusCode).toBe(200);
    await forceStatus(app, worker.id, 'application_submitted');
    const approved = await call(app, { method: 'POST', url: `/api/backoffice/applications/${worker.id}/approve`, headers: auth(underwriter) });
    expect(approved.statusCode, approved.body).toBe(200);
  });

  it('parallel answers to one request: one is taken, the others 409', async () => {
    const p = await applicant(employerA.id, 'Parallel');
    const pv = (await ask(p.id)).json<TBackofficeVerification>();
    const results = await Promise.all([1, 2, 3, 4].map(() => portal(hrA, 'POST', `/verifications/${pv.id}/answer`, { employment_status: 'on_leave' })));
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409, 409, 409]);
    const audit = await app.ctx.database.db
      .select()
      .from(employerActions)
      .where(and(eq(employerActions.employerUserId, hrA.userId), eq(employerActions.action, 'verification_answered')));
    expect(audit.filter((a) => (a.after as { verification_id?: number }).verification_id === pv.id)).toHaveLength(1);
  });

  it('"active" from the matched employer clears the typed-in employer review: the applicant goes on with that employer', async () => {
    const typed = await applicant(noPortal.id, 'Typed');
    await forceStatus(app, typed.id, 'employer_under_review');
    const bad = await ask(typed.id, { employer_id: 2147483000 });
    expect(bad.statusCode).toBe(422);
    const res = await ask(typed.id, { employer_id: employerA.id });
    expect(res.statusCode, res.body).toBe(201);
    const v = res.json<TBackofficeVerification>();
    expect((await portal(hrA, 'POST', `/verifications/${v.id}/answer`, { employment_status: 'active', pay_frequency: 'biweekly' })).statusCode).toBe(200);
    expect(await app.ctx.repos.workflow.currentStatus(typed.id)).toBe('personal_info');
    expect((await app.ctx.repos.identity.findBorrower(typed.id))?.employerId).toBe(employerA.id);
  });
});

describe('fallback to the manual review after 3 business days', () => {
  it('an unanswered request reads as expired on the employer’s page and the application’s; the employer can no longer answer', async () => {
    const late = await applicant(employerA.id, 'Late');
    await forceStatus(app, late.id, 'application_submitted');
    const v = (await ask(late.id)).json<TBackofficeVerification>();
    expect(VERIFICATION_FALLBACK_BUSINESS_DAYS).toBe(3);
    // The last business day to answer: still open.
    await app.ctx.repos.loanBook.setBusinessDateOverride(addBusinessDays(TODAY, 3), null, NOW);
    expect((await mine(hrA)).find((x) => x.id === v.id)?.state).toBe('open');
    await app.ctx.repos.loanBook.setBusinessDateOverride(addBusinessDays(TODAY, 4), null, NOW);
    expect((await mine(hrA)).find((x) => x.id === v.id)?.state).toBe('expired');
    const res = await portal(hrA, 'POST', `/verifications/${v.id}/answer`, { employment_status: 'active' });
    expect(res.statusCode).toBe(409);
    expect(res.json<{ error: string }>().error).toBe(EMPLOYMENT_VERIFICATION_MSG.expired);
    const staffView = (
      await call(app, { url: `/api/backoffice/applications/${late.id}/employment_verification`, headers: auth(underwriter) })
    ).json<TBackofficeVerificationList>();
    expect(staffView.verifications[0]).toMatchObject({ id: v.id, state: 'expired', answer: null, blocks_approval: null });
    // The application stays in the staff queue as before, and a new request can be made.
    expect(await app.ctx.repos.workflow.currentStatus(late.id)).toBe('application_submitted');
    expect((await ask(late.id)).statusCode).toBe(201);
    await app.ctx.repos.loanBook.setBusinessDateOverride(TODAY, null, NOW);
  });

  it('the employer’s back-office page lists its requests, open first; another employer’s list does not', async () => {
    const res = await call(app, { url: `/api/backoffice/employers/${employerA.id}/verifications`, headers: auth(servicer) });
    expect(res.statusCode, res.body).toBe(200);
    const list = res.json<TBackofficeEmployerVerifications>().verifications;
    expect(list.length).toBeGreaterThanOrEqual(5);
    expect(list[0]!.state).toBe('open');
    expect(list.every((v) => v.employer_id === employerA.id)).toBe(true);
    const b = (
      await call(app, { url: `/api/backoffice/employers/${employerB.id}/verifications`, headers: auth(servicer) })
    ).json<TBackofficeEmployerVerifications>();
    expect(b.verifications).toEqual([]);
  });
});
