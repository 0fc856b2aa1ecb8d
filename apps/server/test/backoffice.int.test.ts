import type { TApplicationDetail, TAuditResponse, TFundResponse, TLoanDetailResponse, TQueueResponse } from '@payrail/contract/backoffice';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  applicationMembers,
  disbursements,
  loanBorrowers,
  loanDocuments,
  loanInstallments,
  loans,
  notifications,
  staffActions,
  staffUsers,
  states,
} from '../src/db/schema/index';
import { ALREADY_FUNDED } from '../src/modules/loan-book/use-cases/fund-application';
import { borrowerAtApplicationReview, borrowerAtLoanTerms, classicApp, forceStatus, staffToken } from './application-helpers';
import { auth, call, outbox } from './identity-helpers';
import { approvedAndSigned } from './servicing-helpers';
import type { TestApp } from './test-app';
import { expectSnapshotsMatchContract } from './audit-helpers';

let app: TestApp;
let admin: string;
let underwriter: string;
let servicer: string;
beforeAll(async () => {
  // Files go to the worker's scratch directory: the demo applicants are seeded once per database, and
  // another file of this worker (demo-seed) reads their files back.
  app = await classicApp({ config: { requireHumanReview: true } });
  [admin, underwriter, servicer] = await Promise.all([
    staffToken(app, 'admin@payrail.test'),
    staffToken(app, 'underwriter@payrail.test'),
    staffToken(app, 'servicer@payrail.test'),
  ]);
});
afterAll(() => app.close());

const db = () => app.ctx.database.db;
const bo = (token: string | null, method: 'GET' | 'POST', url: string, headers: Record<string, string> = {}) =>
  call(app, { method, url: `/api/backoffice${url}`, headers: { ...(token ? auth(token) : {}), ...headers } });
const fund = (token: string, userId: number, key?: string) => bo(token, 'POST', `/applications/${userId}/fund`, key ? { 'idempotency-key': key } : {});
const actions = (userId: number, action: string) =>
  db()
    .select()
    .from(staffActions)
    .where(and(eq(staffActions.targetUserId, userId), eq(staffActions.action, action)));

/**
 * Whether the queue (with `query`) lists `userId` on any page: the test database is shared with other
 * files, whose members may fill the first pages.
 */
async function queueLists(token: string, query: string, userId: number): Promise<boolean> {
  for (let page = 1; page <= 100; page++) {
    const res = await bo(token, 'GET', `/applications?${query}&per_page=100&page=${page}`);
    expect(res.statusCode, res.body).toBe(200);
    const { items } = res.json<TQueueResponse>();
    if (items.some((i) => i.user_id === userId)) return true;
    if (items.length < 100) return false;
  }
  return false;
}

describe('role boundaries', () => {
  it('refuses borrower tokens and no token on every staff call (401)', async () => {
    const { token, id } = await borrowerAtLoanTerms(app);
    const calls: [string, 'GET' | 'POST'][] = [
      ['/applications', 'GET'],
      [`/applications/${id}`, 'GET'],
      [`/applications/${id}/reveal_ssn`, 'POST'],
      ['/documents/1', 'GET'],
      [`/applications/${id}/fund`, 'POST'],
      ['/loans/1', 'GET'],
      ['/audit', 'GET'],
    ];
    for (const [url, method] of calls) {
      expect((await bo(token, method, url, { 'idempotency-key': 'borrower-key-1' })).statusCode, url).toBe(401);
      expect((await bo(null, method, url)).statusCode, url).toBe(401);
    }
  });

  it('servicer on review calls → 403; underwriter on funding → 403; only admin reads the audit log', async () => {
    const { id } = await borrowerAtLoanTerms(app);
    for (const [url, method] of [
      [`/applications/${id}/reveal_ssn`, 'POST'],
      ['/documents/1', 'GET'],
      [`/applications/${id}/approve`, 'POST'],
      [`/applications/${id}/decline`, 'POST'],
      [`/applications/${id}/feedback`, 'POST'],
      [`/applications/${id}/status`, 'POST'],
      [`/applications/${id}/allowed_statuses`, 'GET'],
    ] as const) {
      expect((await bo(servicer, method, url)).statusCode, url).toBe(403);
    }
    expect((await fund(underwriter, id, 'underwriter-key-1')).statusCode).toBe(403);
    // Underwriters read a loan (issue #33; docs/back-office.md), they do not fund one.
    expect((await bo(underwriter, 'GET', '/loans/1')).statusCode).not.toBe(403);
    expect((await bo(underwriter, 'GET', '/audit')).statusCode).toBe(403);
    expect((await bo(servicer, 'GET', '/audit')).statusCode).toBe(403);
    expect((await bo(admin, 'GET', '/audit')).statusCode).toBe(200);
    expect((await bo(admin, 'GET', '/applications')).statusCode).toBe(200);
  });

  it('servicers read the queue and the detail (to find what to fund), without reviewer actions or SSN reveal', async () => {
    const { id } = await borrowerAtLoanTerms(app);
    expect(await queueLists(servicer, 'sort=created_at&dir=desc', id)).toBe(true);
    const detail = await bo(servicer, 'GET', `/applications/${id}`);
    expect(detail.statusCode, detail.body).toBe(200);
    expect(detail.json<TApplicationDetail>().borrower.social_security_number).toMatch(/^xxx-xx-\d{4}$/);
    expect((await bo(servicer, 'POST', `/applications/${id}/reveal_ssn`)).statusCode).toBe(403);
    expect(await actions(id, 'reveal_ssn')).toHaveLength(0);
    // Reading is not audited as an action, and the borrower did not move.
    expect(await app.ctx.repos.workflow.currentStatus(id)).toBe('loan_terms');
  });

  it('refuses a staff token on borrower calls (401)', async () => {
    for (const url of ['/api/token_is_valid', '/api/loan', '/api/documents', '/api/esignature']) {
      expect((await call(app, { url, headers: auth(underwriter) })).statusCode, url).toBe(401);
    }
  });
});

describe('GET /api/backoffice/applications (queue)', () => {
  it('lists with waiting_on, employer, state and amount; filters by status, employer and state', async () => {
    const a = await borrowerAtApplicationReview(app);
    await forceStatus(app, a.id, 'ready_for_review');
    const res = await bo(underwriter, 'GET', `/applications?status=ready_for_review&employer_id=${a.employer.id}&per_page=100&sort=created_at&dir=desc`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<TQueueResponse>();
    const item = body.items.find((i) => i.user_id === a.id)!;
    expect(item).toMatchObject({
      email: a.email,
      status: 'ready_for_review',
      waiting_on: 'lender',
      employer: { id: a.employer.id, name: a.employer.name },
      age_days: 0,
    });
    expect(item.name).toBe('Jordan Rivera');
    expect(item.amount_cents).toBeGreaterThan(0);
    expect(item.state).toMatch(/^[A-Z]{2}$/);
    expect(body.items.every((i) => i.status === 'ready_for_review' && i.employer?.id === a.employer.id)).toBe(true);

    const stateId = (await db().select().from(loanBorrowers).where(eq(loanBorrowers.userId, a.id)))[0]!.stateId!;
    expect(await queueLists(underwriter, `state_id=${stateId}`, a.id)).toBe(true);
    const byState = (await bo(underwriter, 'GET', `/applications?state_id=${stateId}&per_page=100`)).json<TQueueResponse>();
    expect(byState.items.every((i) => i.state === item.state)).toBe(true);
    const otherState = (await db().select().from(states)).find((st) => st.id !== stateId)!;
    expect(
      (await bo(underwriter, 'GET', `/applications?state_id=${otherState.id}&per_page=100`)).json<TQueueResponse>().items.some((i) => i.user_id === a.id),
    ).toBe(false);

    const step = await borrowerAtLoanTerms(app);
    const steps = (await bo(underwriter, 'GET', '/applications?status=loan_terms&per_page=100')).json<TQueueResponse>();
    expect(steps.items.find((i) => i.user_id === step.id)).toMatchObject({ waiting_on: 'borrower', status: 'loan_terms' });
    await forceStatus(app, step.id, 'declined');
    const finals = (await bo(underwriter, 'GET', '/applications?status=declined&per_page=100')).json<TQueueResponse>();
    expect(finals.items.find((i) => i.user_id === step.id)).toMatchObject({ waiting_on: 'none' });
    // The filter is a plain string: a status the workflow does not know matches nobody (200, empty list).
    const unknown = await bo(underwriter, 'GET', '/applications?status=renamed_status&per_page=100');
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json<TQueueResponse>()).toMatchObject({ items: [], total: 0 });
  });

  it('filters by age, sorts and pages', async () => {
    const old = await borrowerAtLoanTerms(app);
    const tenDaysAgo = new Date(app.ctx.now().getTime() - 10 * 86_400_000 - 60_000);
    await db().update(applicationMembers).set({ createdAt: tenDaysAgo }).where(eq(applicationMembers.id, old.id));
    const aged = (await bo(underwriter, 'GET', '/applications?age_days_min=10&per_page=100')).json<TQueueResponse>();
    expect(aged.items.find((i) => i.user_id === old.id)?.age_days).toBe(10);
    expect(aged.items.every((i) => i.age_days >= 10)).toBe(true);
    const young = (await bo(underwriter, 'GET', '/applications?age_days_max=5&per_page=100')).json<TQueueResponse>();
    expect(young.items.some((i) => i.user_id === old.id)).toBe(false);
    expect(young.items.every((i) => i.age_days <= 5)).toBe(true);

    const asc = (await bo(underwriter, 'GET', '/applications?sort=created_at&dir=asc&per_page=100')).json<TQueueResponse>();
    const created = asc.items.map((i) => i.created_at);
    expect([...created].sort()).toEqual(created);
    const byStatus = (await bo(underwriter, 'GET', '/applications?sort=status&dir=desc&per_page=100')).json<TQueueResponse>();
    const statuses = byStatus.items.map((i) => i.status);
    expect([...statuses].sort().reverse()).toEqual(statuses);

    const p1 = (await bo(underwriter, 'GET', '/applications?per_page=2&page=1')).json<TQueueResponse>();
    const p2 = (await bo(underwriter, 'GET', '/applications?per_page=2&page=2')).json<TQueueResponse>();
    expect(p1).toMatchObject({ page: 1, per_page: 2 });
    expect(p1.items).toHaveLength(2);
    expect(p2.page).toBe(2);
    expect(p1.total).toBeGreaterThanOrEqual(4);
    expect(p2.items.map((i) => i.user_id).some((id) => p1.items.some((j) => j.user_id === id))).toBe(false);
    expect((await bo(underwriter, 'GET', '/applications?sort=nope')).statusCode).toBe(422);
  });
});

describe('application detail, reveal and documents', () => {
  it('shows every answer with the SSN and the account masked; reveal is audited', async () => {
    const who = await approvedAndSigned(app, { underwriter });
    const res = await bo(underwriter, 'GET', `/applications/${who.id}`);
    expect(res.statusCode, res.body).toBe(200);
    const d = res.json<TApplicationDetail>();
    expect(d.borrower).toMatchObject({ first_name: 'Jordan', last_name: 'Rivera', email: who.email, phone_confirmed: true });
    expect(d.borrower.social_security_number).toMatch(/^xxx-xx-\d{4}$/);
    expect(d.borrower.date_of_birth).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(d.borrower.references).toHaveLength(2);
    expect(d.borrower.employer?.id).toBe(who.employer.id);
    expect(d.bank?.account_number).toMatch(/^\*+6789$/);
    expect(res.body).not.toContain('000123456789');
    expect(d.loan_terms?.amount).toBeGreaterThan(0);
    expect(d.documents.map((x) => x.type).sort()).toEqual(['driver_license', 'pay_stub', 'proof_of_address', 'selfie_photo']);
    expect(d.documents[0]!.view_url).toBe(`/api/backoffice/documents/${d.documents[0]!.id}`);
    expect(d.history.at(-1)).toMatchObject({ to: 'approved', event: 'approve', actor: 'reviewer', staff: { name: expect.any(String) } });
    expect(d.esignature?.view_url).toBe(`/api/backoffice/esignatures/${d.esignature!.id}/pdf`);
    const note = await bo(servicer, 'GET', d.esignature!.view_url!.replace('/api/backoffice', ''));
    expect(note.statusCode).toBe(200);
    expect(note.rawPayload.subarray(0, 4).toString()).toBe('%PDF');
    expect(await actions(who.id, 'view_signed_note')).toHaveLength(1);
    expect(d.messages.length).toBeGreaterThan(0);
    expect(d.status).toBe('approved');

    expect(await actions(who.id, 'reveal_ssn')).toHaveLength(0);
    const reveal = await bo(underwriter, 'POST', `/applications/${who.id}/reveal_ssn`);
    expect(reveal.statusCode).toBe(200);
    const ssn = reveal.json<{ social_security_number: string }>().social_security_number;
    expect(ssn.replace(/\D/g, '')).toHaveLength(9);
    expect(ssn.slice(-4)).toBe(d.borrower.social_security_number!.slice(-4));
    const rows = await actions(who.id, 'reveal_ssn');
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows[0])).not.toContain(ssn.replace(/\D/g, ''));
    expect((await bo(underwriter, 'GET', '/applications/999999')).statusCode).toBe(404);
  });

  it('streams a borrower document to staff and audits the view', async () => {
    const who = await borrowerAtApplicationReview(app);
    const d = (await bo(admin, 'GET', `/applications/${who.id}`)).json<TApplicationDetail>();
    const doc = d.documents[0]!;
    const res = await bo(underwriter, 'GET', `/documents/${doc.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.rawPayload.subarray(0, 4).toString()).toBe('%PDF');
    expect(await actions(who.id, 'view_document')).toMatchObject([{ after: { document_id: doc.id } }]);
    expect((await bo(underwriter, 'GET', '/documents/99999999')).statusCode).toBe(404);
  });
});

describe('funding', () => {
  it('needs an Idempotency-Key and an approved, signed application', async () => {
    const who = await borrowerAtApplicationReview(app);
    expect((await fund(servicer, who.id)).statusCode).toBe(400);
    const refused = await fund(servicer, who.id, `not-approved-${who.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ error: expect.any(String) });
  });

  it('opens one loan with its schedule, disbursement, signed note, notification and e-mail; retries are idempotent', async () => {
    const who = await approvedAndSigned(app, { underwriter });
    const key = `fund-${who.id}-a`;
    const first = await fund(servicer, who.id, key);
    expect(first.statusCode, first.body).toBe(200);
    const body = first.json<TFundResponse>();
    expect(body.loan).toMatchObject({ user_id: who.id, status: 'opened' });
    expect(body.loan.identifier).toMatch(/^\d{4}-\d{2}-\d{4}$/);
    expect(body.disbursement).toMatchObject({ status: 'pending', trace_id: expect.stringMatching(/^SBX-/) });
    expect(body.loan.total_of_payments).toBeGreaterThan(body.loan.amount);

    const again = await fund(servicer, who.id, key);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(body);
    const other = await fund(admin, who.id, `fund-${who.id}-b`);
    expect(other.statusCode).toBe(409);
    expect(other.json()).toEqual({ error: ALREADY_FUNDED });

    const loanRows = await db().select().from(loans).where(eq(loans.userId, who.id));
    expect(loanRows).toHaveLength(1);
    expect(await db().select().from(disbursements).where(eq(disbursements.loanId, body.loan.id))).toHaveLength(1);
    expect(await db().select().from(loanDocuments).where(eq(loanDocuments.loanId, body.loan.id))).toMatchObject([
      { kind: 'signed_note', esignatureId: body.loan.signed_note_document_id },
    ]);
    const installments = await db().select().from(loanInstallments).where(eq(loanInstallments.loanId, body.loan.id));
    expect(installments).toHaveLength(body.loan.terms);
    expect(installments.reduce((s, i) => s + i.paymentCents, 0)).toBe(body.loan.total_of_payments);
    expect((await db().select().from(notifications).where(eq(notifications.userId, who.id))).some((n) => n.message.includes(body.loan.identifier))).toBe(true);
    expect((await outbox(app, who.email)).some((m) => m.subject === 'Your Payrail loan is funded')).toBe(true);
    expect(await app.ctx.repos.workflow.currentStatus(who.id)).toBe('approved');
    expect(await actions(who.id, 'fund')).toHaveLength(1);

    const loan = await bo(servicer, 'GET', `/loans/${body.loan.id}`);
    expect(loan.statusCode).toBe(200);
    const detail = loan.json<TLoanDetailResponse>();
    expect(detail.loan).toEqual(body.loan);
    expect(detail.installments.map((i) => i.n)).toEqual(installments.map((_, i) => i + 1));
    expect(detail.installments.at(-1)!.balance).toBe(0);
    expect((await bo(servicer, 'GET', '/loans/99999999')).statusCode).toBe(404);
    const shown = (await bo(underwriter, 'GET', `/applications/${who.id}`)).json<TApplicationDetail>();
    expect(shown.loan).toMatchObject({ id: body.loan.id, identifier: body.loan.identifier });
  });

  it('ready_to_fund lists approved, signed applications until they are funded', async () => {
    const ready = (token: string) => bo(token, 'GET', '/applications?ready_to_fund=true&per_page=100');
    const who = await approvedAndSigned(app, { underwriter });
    const notYet = await borrowerAtApplicationReview(app);
    await forceStatus(app, notYet.id, 'approved');
    for (const token of [servicer, admin, underwriter]) {
      const res = await ready(token);
      expect(res.statusCode, res.body).toBe(200);
      const items = res.json<TQueueResponse>().items;
      expect(items.some((i) => i.user_id === who.id)).toBe(true);
      // Approved status alone (no approved outcome, no signature) is not ready.
      expect(items.some((i) => i.user_id === notYet.id)).toBe(false);
      expect(items.every((i) => i.status === 'approved')).toBe(true);
    }
    expect(
      (await bo(servicer, 'GET', '/applications?ready_to_fund=false&per_page=100&status=approved'))
        .json<TQueueResponse>()
        .items.some((i) => i.user_id === notYet.id),
    ).toBe(true);
    expect((await bo(servicer, 'GET', '/applications?ready_to_fund=maybe')).statusCode).toBe(422);
    expect((await fund(servicer, who.id, `ready-${who.id}`)).statusCode).toBe(200);
    expect((await ready(servicer)).json<TQueueResponse>().items.some((i) => i.user_id === who.id)).toBe(false);
  });

  it('concurrent funding with two keys opens one loan', async () => {
    const who = await approvedAndSigned(app, { underwriter });
    const results = await Promise.all([
      fund(servicer, who.id, `race-${who.id}-1`),
      fund(admin, who.id, `race-${who.id}-2`),
      fund(servicer, who.id, `race-${who.id}-1`),
    ]);
    expect(results.filter((r) => r.statusCode === 200).length).toBeGreaterThanOrEqual(1);
    expect(results.every((r) => r.statusCode === 200 || r.statusCode === 409)).toBe(true);
    expect(await db().select().from(loans).where(eq(loans.userId, who.id))).toHaveLength(1);
  });
});

describe('GET /api/backoffice/audit', () => {
  it('records every back-office action and filters by staff, action, user and dates', async () => {
    const who = await borrowerAtApplicationReview(app);
    await forceStatus(app, who.id, 'ready_for_review');
    expect(
      (await call(app, { method: 'POST', url: '/api/backoffice/presigned_links', headers: auth(underwriter), payload: { email: who.email } })).statusCode,
    ).toBe(201);
    expect((await bo(underwriter, 'POST', `/applications/${who.id}/reveal_ssn`)).statusCode).toBe(200);
    expect(
      (
        await call(app, {
          method: 'POST',
          url: `/api/backoffice/applications/${who.id}/feedback`,
          headers: auth(underwriter),
          payload: { message: 'Please upload a clearer pay stub.', documents: ['pay_stub'] },
        })
      ).statusCode,
    ).toBe(201);

    const started = await call(app, { method: 'POST', url: '/api/backoffice/system_event', headers: auth(admin), payload: { description: 'Audit test' } });
    expect(started.statusCode).toBe(201);
    expect((await call(app, { method: 'DELETE', url: '/api/backoffice/system_event', headers: auth(admin) })).statusCode).toBe(204);

    const mine = (await bo(admin, 'GET', `/audit?user_id=${who.id}`)).json<TAuditResponse>();
    expect(mine.items.map((i) => i.action).sort()).toEqual(['create_presigned_link', 'reveal_ssn', 'send_feedback'].sort());
    expect(mine.total).toBe(3);
    expect(mine.items[0]).toMatchObject({ staff: { name: expect.any(String), role: 'underwriter' }, target_user_id: who.id, at: expect.any(String) });
    // The applicant is named next to the id (issue #17 item 4: names for ids).
    const [named] = await db()
      .select({ first: loanBorrowers.firstName, last: loanBorrowers.lastName })
      .from(loanBorrowers)
      .where(eq(loanBorrowers.userId, who.id));
    expect(named?.first && named.last).toBeTruthy();
    expect(mine.items.map((i) => i.target_user_name)).toEqual(mine.items.map(() => `${named!.first} ${named!.last}`));

    const events = (await bo(admin, 'GET', '/audit?action=start_system_event')).json<TAuditResponse>();
    expect(events.items[0]).toMatchObject({
      action: 'start_system_event',
      target_user_id: null,
      target_user_name: null,
      staff: { role: 'admin' },
      after: { description: 'Audit test' },
    });
    expect((await bo(admin, 'GET', '/audit?action=end_system_event')).json<TAuditResponse>().total).toBeGreaterThanOrEqual(1);

    const staffId = mine.items[0]!.staff!.id;
    const byStaff = (await bo(admin, 'GET', `/audit?staff_id=${staffId}&per_page=200`)).json<TAuditResponse>();
    expect(byStaff.items.every((i) => i.staff?.id === staffId)).toBe(true);
    const today = app.ctx.now().toISOString().slice(0, 10);
    expect((await bo(admin, 'GET', `/audit?user_id=${who.id}&from=${today}&to=${today}`)).json<TAuditResponse>().total).toBe(3);
    expect((await bo(admin, 'GET', `/audit?user_id=${who.id}&to=2020-01-01`)).json<TAuditResponse>().total).toBe(0);
    const paged = (await bo(admin, 'GET', `/audit?user_id=${who.id}&per_page=1&page=2`)).json<TAuditResponse>();
    expect(paged).toMatchObject({ page: 2, total: 3 });
    expect(paged.items).toHaveLength(1);
  });

  it('is newest first by the time recorded, even when a row was written after a later-dated one', async () => {
    const who = await borrowerAtApplicationReview(app);
    const [staff] = await db().select({ id: staffUsers.id }).from(staffUsers).limit(1);
    const row = (action: string, at: string) => ({ staffUserId: staff!.id, action, targetUserId: who.id, before: {}, after: {}, at: new Date(at) });
    // Written in this order (ids ascending), dated out of order — as the seeded demo rows are.
    await db()
      .insert(staffActions)
      .values([row('later', '2026-03-03T10:00:00Z'), row('earliest', '2026-03-01T10:00:00Z'), row('middle', '2026-03-02T10:00:00Z')]);
    const items = (await bo(admin, 'GET', `/audit?user_id=${who.id}`)).json<TAuditResponse>().items;
    expect(items.map((i) => i.action)).toEqual(['later', 'middle', 'earliest']);
  });
});

describe('demo applications (npm start)', () => {
  it('seeds one applicant per status once, and the approved one can be funded', async () => {
    const { seedDemoApplications, DEMO_APPLICANTS } = await import('../src/db/seed-demo-applications');
    await seedDemoApplications(app.ctx);
    await seedDemoApplications(app.ctx);
    const rows = await db().select().from(applicationMembers);
    const seeded = rows.filter((r) => DEMO_APPLICANTS.some((a) => a.email === r.email));
    expect(seeded.map((r) => r.workflowStatus).sort()).toEqual(['application_submitted', 'approved', 'declined', 'feedback_sent', 'ready_for_review']);
    const ready = seeded.find((r) => r.workflowStatus === 'ready_for_review')!;
    const detail = (await bo(underwriter, 'GET', `/applications/${ready.id}`)).json<TApplicationDetail>();
    expect(detail.documents).toHaveLength(4);
    expect((await bo(underwriter, 'GET', detail.documents[0]!.view_url.replace('/api/backoffice', ''))).statusCode).toBe(200);
    const approved = seeded.find((r) => r.workflowStatus === 'approved')!;
    const existing = await db().select().from(loans).where(eq(loans.userId, approved.id));
    expect(existing).toHaveLength(0);
    expect((await fund(servicer, approved.id, `demo-fund-${approved.id}`)).statusCode).toBe(200);
    expect(await db().select().from(loans).where(eq(loans.userId, approved.id))).toHaveLength(1);
  });
});

describe('audit snapshots', () => {
  it('are what the contract describes for each action (money as ZCents)', async () => {
    const checked = await expectSnapshotsMatchContract(app);
    for (const action of ['fund', 'reveal_ssn', 'view_document']) expect(checked).toContain(action);
  });
});
