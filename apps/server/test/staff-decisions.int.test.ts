import { APPLICATION_MSG } from '@payrail/contract/application';
import type { TQueueResponse } from '@payrail/contract/backoffice';
import { FIELD_MSG } from '@payrail/contract/messages';
import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { employers, loanBorrowers, staffActions, workflowTransitions } from '../src/db/schema/index';
import { employerSlug } from '../src/modules/review/use-cases/review-employer';
import { expectSnapshotsMatchContract } from './audit-helpers';
import { borrowerAtApplicationReview, employerOfKind, forceStatus, get, post } from './application-helpers';
import { auth, availableStateId, call, latestEmailToken } from './identity-helpers';
import { addReceiverAccount } from './servicing-helpers';
import { reviewDeskApp } from './review-desk-app';
import { type TestApp, uniqueEmail } from './test-app';

const desk = reviewDeskApp();
let app: TestApp;
let underwriter: string;
let servicer: string;
beforeAll(() => {
  ({ app, underwriter, servicer } = desk);
});

const status = (userId: number) => app.ctx.repos.workflow.currentStatus(userId);
const actionsOn = (userId: number, action: string) =>
  app.ctx.database.db
    .select()
    .from(staffActions)
    .where(and(eq(staffActions.targetUserId, userId), eq(staffActions.action, action)))
    .orderBy(staffActions.id);
const backoffice = (token: string, userId: number, action: string, payload?: Record<string, unknown>) =>
  call(app, { method: 'POST', url: `/api/backoffice/applications/${userId}/${action}`, headers: auth(token), ...(payload ? { payload } : {}) });
const employerOf = async (userId: number) =>
  (await app.ctx.database.db.select({ id: loanBorrowers.employerId }).from(loanBorrowers).where(eq(loanBorrowers.userId, userId)))[0]?.id ?? null;

describe('the allotment review: Approve allotment', () => {
  it('moves review_allotment to the e-signature once, audited; Approve there says what to do instead', async () => {
    const { token, id } = await borrowerAtApplicationReview(app);
    await forceStatus(app, id, 'review_allotment');
    const allowed = await call(app, { url: `/api/backoffice/applications/${id}/allowed_statuses`, headers: auth(underwriter) });
    expect(allowed.json<{ allowed_statuses: string[] }>().allowed_statuses).toContain('esignature_needed');
    expect(allowed.json<{ allowed_statuses: string[] }>().allowed_statuses).not.toContain('approved');

    // A servicer takes no reviewer action.
    expect((await backoffice(servicer, id, 'approve_allotment')).statusCode).toBe(403);
    // "Approve" at the allotment review: a clear refusal naming the allotment action, nothing stored.
    const approve = await backoffice(underwriter, id, 'approve');
    expect(approve.statusCode).toBe(422);
    expect(approve.json()).toEqual({ error: APPLICATION_MSG.approveAllotmentFirst, current_status: 'review_allotment' });
    expect(await status(id)).toBe('review_allotment');
    expect(await actionsOn(id, 'approve')).toHaveLength(0);

    // A double click: three at once, one wins, the others are told the status that won.
    const answers = await Promise.all([1, 2, 3].map(() => backoffice(underwriter, id, 'approve_allotment')));
    const won = answers.filter((a) => a.statusCode === 200);
    expect(won).toHaveLength(1);
    expect(won[0]!.json()).toEqual({ ok: true, previous_status: 'review_allotment', new_status: 'esignature_needed' });
    for (const lost of answers.filter((a) => a.statusCode !== 200)) {
      expect(lost.statusCode).toBe(422);
      expect(lost.json()).toMatchObject({ current_status: 'esignature_needed' });
    }
    expect(await status(id)).toBe('esignature_needed');
    const staffId = (await app.ctx.repos.staff.findByEmail('underwriter@payrail.test'))!.id;
    const moves = await app.ctx.database.db
      .select()
      .from(workflowTransitions)
      .where(and(eq(workflowTransitions.userId, id), eq(workflowTransitions.event, 'approve_allotment')));
    expect(moves).toMatchObject([{ fromStatus: 'review_allotment', toStatus: 'esignature_needed', actor: 'reviewer', staffUserId: staffId }]);
    expect(await actionsOn(id, 'approve_allotment')).toMatchObject([
      { staffUserId: staffId, before: { status: 'review_allotment' }, after: { status: 'esignature_needed' } },
    ]);
    // The payroll repayment is recorded as in place.
    expect((await get(app, token, '/api/payment_change')).json()).toEqual({ ok: true, payment_change: true });

    // Elsewhere there is no allotment to approve.
    const again = await backoffice(underwriter, id, 'approve_allotment');
    expect(again.statusCode).toBe(422);
    expect(again.json()).toEqual({ error: APPLICATION_MSG.notAtAllotmentReview('esignature_needed'), current_status: 'esignature_needed' });
    expect(await actionsOn(id, 'approve_allotment')).toHaveLength(1);
  });
});

// ── New flow: an employer typed in by the applicant (employer_under_review) ─────────────────────────

const STEP = '/api/applicationflow/application_step';

/** A confirmed new-flow applicant who chose "not on the list" and described `name`: now at employer_under_review. */
async function applicantWithTypedEmployer(name: string, payrollService = 'ADP') {
  const email = uniqueEmail('typed-employer');
  const res = await call(app, {
    method: 'POST',
    url: '/api/signup',
    payload: {
      application_member: { email },
      fingerprint: 'fp-staff',
      agreements: { privacy_notice: true, consent_eletronic_comunications: true },
      loan_borrower: { state_id: await availableStateId(app) },
      loan: { amount: 300_000, payment_frequency: 'bi-weekly', loan_purpose_name: 'Emergency Cash', fixed_payment_amount: 15_000 },
      new_flow: true,
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  const id = res.json<{ id: number }>().id;
  const confirmed = await call(app, { url: `/api/confirmation?confirmation_token=${await latestEmailToken(app, email)}` });
  const token = confirmed.headers.authorization as string;
  const other = (await call(app, { url: `${STEP}/job_info`, headers: auth(token) })).json<{ data: { other_employer_id: number } }>().data.other_employer_id;
  const job = await call(app, {
    method: 'POST',
    url: STEP,
    headers: auth(token),
    payload: {
      workflow_status_key: 'job_info',
      loan_borrower: {
        employer_id: other,
        working_time_range: '1-3 years',
        annual_income: 5_000_000,
        employment_status: 'full-time',
        payment_frequency: 'weekly',
        annual_household_income: 5_000_000,
      },
    },
  });
  expect(job.statusCode, job.body).toBe(200);
  const described = await call(app, {
    method: 'POST',
    url: STEP,
    headers: auth(token),
    payload: {
      workflow_status_key: 'employer_info',
      employer: { name, multiple_paycheck: 'Yes', payroll_service: payrollService, work_email: 'me@work.test' },
      loan_borrower: { phone: '2025550100', first_name: 'Ana', last_name: 'Typed' },
    },
  });
  expect(described.json()).toMatchObject({ new_status: 'employer_under_review' });
  return { id, token, other };
}

const uniqueName = (base: string) => `${base} ${Math.random().toString(36).slice(2, 8)}`;

describe('the employer review: accept (match or add) or stop with a reason', () => {
  it('shows the employer described; accepting adds it to the employer table, listed, and sets it as the applicant’s', async () => {
    const name = uniqueName('Zephyr Widgets');
    const who = await applicantWithTypedEmployer(name);
    const facts = await call(app, { url: `/api/backoffice/applications/${who.id}/employer_review`, headers: auth(underwriter) });
    expect(facts.statusCode).toBe(200);
    expect(facts.json()).toMatchObject({
      user_id: who.id,
      status: 'employer_under_review',
      described: { name, payroll_service: 'ADP', multiple_paycheck: 'Yes' },
      payment_frequency: 'weekly',
    });
    expect((await call(app, { url: `/api/backoffice/applications/${who.id}/employer_review`, headers: auth(servicer) })).statusCode).toBe(403);

    const accepted = await backoffice(underwriter, who.id, 'employer_review', { decision: 'accept', note: 'Website and payroll checked.' });
    expect(accepted.json()).toEqual({ ok: true, previous_status: 'employer_under_review', new_status: 'personal_info' });
    const [created] = await app.ctx.database.db
      .select()
      .from(employers)
      .where(eq(employers.slug, employerSlug(name)));
    expect(created).toMatchObject({
      name,
      isOther: false,
      employerType: 'private',
      paymentType: 'split_direct_deposit',
      payFrequency: 'weekly',
      payrollService: 'ADP',
      multiplePaycheck: true,
    });
    expect(await employerOf(who.id)).toBe(created!.id);
    // Listed: the next applicant finds it in the search.
    const search = await call(app, { url: `/api/employers?search=${encodeURIComponent(name.slice(0, 12))}` });
    expect(search.json<{ id: number }[]>().map((e) => e.id)).toContain(created!.id);
    expect(await actionsOn(who.id, 'employer_review')).toMatchObject([
      {
        before: { status: 'employer_under_review' },
        after: {
          status: 'personal_info',
          decision: 'accept',
          note: 'Website and payroll checked.',
          employer: { name },
          employer_id: created!.id,
          employer_name: name,
          employer_created: true,
        },
      },
    ]);
  });

  it('matches the same name instead of adding it twice, also when two reviewers accept at once', async () => {
    const name = uniqueName('Harbor Lights Bakery');
    const [a, b] = await Promise.all([applicantWithTypedEmployer(name), applicantWithTypedEmployer(name.toUpperCase())]);
    const answers = await Promise.all([
      backoffice(underwriter, a.id, 'employer_review', { decision: 'accept' }),
      backoffice(underwriter, b.id, 'employer_review', { decision: 'accept' }),
    ]);
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200]);
    const rows = await app.ctx.database.db
      .select()
      .from(employers)
      .where(eq(employers.slug, employerSlug(name)));
    expect(rows).toHaveLength(1);
    expect(await employerOf(a.id)).toBe(rows[0]!.id);
    expect(await employerOf(b.id)).toBe(rows[0]!.id);
    // The audit says which of the two decisions added the row.
    const created = [...(await actionsOn(a.id, 'employer_review')), ...(await actionsOn(b.id, 'employer_review'))].map((r) => r.after.employer_created);
    expect(created.sort()).toEqual([false, true]);
    // A later one with the same name: matched.
    const c = await applicantWithTypedEmployer(`  ${name.toLowerCase()}  `);
    expect((await backoffice(underwriter, c.id, 'employer_review', { decision: 'accept' })).statusCode).toBe(200);
    expect(await employerOf(c.id)).toBe(rows[0]!.id);
    expect(await actionsOn(c.id, 'employer_review')).toMatchObject([{ after: { employer_created: false, employer_id: rows[0]!.id } }]);
    const [{ n }] = (await app.ctx.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(employers)
      .where(eq(employers.slug, employerSlug(name)))) as [{ n: number }];
    expect(n).toBe(1);
  });

  it('matches a listed employer the reviewer picks (candidates come with the facts); never a hidden one', async () => {
    const listed = await employerOfKind(app, 'private');
    const who = await applicantWithTypedEmployer(listed.name.split(' ')[0]!);
    const facts = (await call(app, { url: `/api/backoffice/applications/${who.id}/employer_review`, headers: auth(underwriter) })).json<{
      candidates: { id: number }[];
    }>();
    expect(facts.candidates.map((c) => c.id)).toContain(listed.id);
    const hidden = await backoffice(underwriter, who.id, 'employer_review', { decision: 'accept', employer_id: who.other });
    expect(hidden.statusCode).toBe(422);
    expect(hidden.json()).toEqual({ errors: { employer_id: [FIELD_MSG.invalid] } });
    const missing = await backoffice(underwriter, who.id, 'employer_review', { decision: 'accept', employer_id: 2_000_000_000 });
    expect(missing.statusCode).toBe(422);
    expect(await status(who.id)).toBe('employer_under_review');
    expect(await actionsOn(who.id, 'employer_review')).toHaveLength(0);
    const matched = await backoffice(underwriter, who.id, 'employer_review', { decision: 'accept', employer_id: listed.id, employer_name: 'ignored' });
    expect(matched.json()).toMatchObject({ new_status: 'personal_info' });
    expect(await employerOf(who.id)).toBe(listed.id);
  });

  it('stops the application only with a reason, kept in the audit log; the employer stays unset', async () => {
    const who = await applicantWithTypedEmployer(uniqueName('Nowhere Holdings'));
    const before = await employerOf(who.id);
    for (const payload of [{ decision: 'cannot_proceed' }, { decision: 'cannot_proceed', note: '   ' }]) {
      const refused = await backoffice(underwriter, who.id, 'employer_review', payload);
      expect(refused.statusCode).toBe(422);
      expect(refused.json()).toEqual({ errors: { note: [FIELD_MSG.blank] } });
    }
    expect(await status(who.id)).toBe('employer_under_review');
    const stopped = await backoffice(underwriter, who.id, 'employer_review', { decision: 'cannot_proceed', note: 'No registered business of that name.' });
    expect(stopped.json()).toEqual({ ok: true, previous_status: 'employer_under_review', new_status: 'cant_proceed' });
    expect(await employerOf(who.id)).toBe(before);
    expect(await actionsOn(who.id, 'employer_review')).toMatchObject([
      { after: { status: 'cant_proceed', decision: 'cannot_proceed', note: 'No registered business of that name.' } },
    ]);
    // Only from employer_under_review.
    expect((await backoffice(underwriter, who.id, 'employer_review', { decision: 'accept' })).json()).toMatchObject({ current_status: 'cant_proceed' });
  });
});

describe('who acts next: the funding queue', () => {
  it('an approved, signed application without its loan waits on funding; once funded, on nobody', async () => {
    const who = await borrowerAtApplicationReview(app);
    await addReceiverAccount(app, who.id);
    await forceStatus(app, who.id, 'esignature_needed');
    expect((await post(app, who.token, '/api/esignature/sign', { signature_name: 'Jordan Rivera' })).statusCode).toBe(200);
    if ((await status(who.id)) !== 'application_submitted') await forceStatus(app, who.id, 'application_submitted');
    const detail = () => call(app, { url: `/api/backoffice/applications/${who.id}`, headers: auth(servicer) });
    expect((await detail()).json()).toMatchObject({ status: 'application_submitted', waiting_on: 'lender' });
    expect((await backoffice(underwriter, who.id, 'approve')).statusCode).toBe(200);
    expect((await detail()).json()).toMatchObject({ status: 'approved', waiting_on: 'funding' });
    const queueItem = async () => {
      for (let page = 1; page < 50; page++) {
        const q = (
          await call(app, { url: `/api/backoffice/applications?status=approved&per_page=100&page=${page}`, headers: auth(servicer) })
        ).json<TQueueResponse>();
        const found = q.items.find((i) => i.user_id === who.id);
        if (found || q.items.length === 0) return found;
      }
      return undefined;
    };
    expect(await queueItem()).toMatchObject({ waiting_on: 'funding' });
    const funded = await call(app, {
      method: 'POST',
      url: `/api/backoffice/applications/${who.id}/fund`,
      headers: { ...auth(servicer), 'idempotency-key': `staff-decisions-${who.id}` },
    });
    expect(funded.statusCode, funded.body).toBe(200);
    expect((await detail()).json()).toMatchObject({ status: 'approved', waiting_on: 'none' });
    expect(await queueItem()).toMatchObject({ waiting_on: 'none' });
  });
});

describe('audit', () => {
  it('stores the snapshots the contract describes for the actions above', async () => {
    const checked = await expectSnapshotsMatchContract(app);
    for (const action of ['approve_allotment', 'employer_review', 'approve']) expect(checked.has(action), action).toBe(true);
  });
});
