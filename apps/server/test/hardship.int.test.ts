import { cents } from '@payrail/domain/money';
import { HARDSHIP_API_MSG, HARDSHIP_MSG } from '@payrail/contract/hardship';
import type { THardshipDetail, THardshipPage, THardshipQueue, THardshipRequest } from '@payrail/contract/hardship';
import type { TRequestsInbox } from '@payrail/contract/care';
import { parseIsoDate, type IsoDate } from '@payrail/domain/dates';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerEntries, loanInstallments, notifications, staffActions } from '../src/db/schema/index';
import { staffToken, tempDataDir, uploadDocument } from './application-helpers';
import { expectSnapshotsMatchContract } from './audit-helpers';
import { fundedLoan } from './collections-helpers';
import type { FundedLoan } from './collections-helpers';
import { auth, call, outbox } from './identity-helpers';
import { type TestApp, testApp } from './test-app';

// The business date is 18 days after the first payment fell due (2029-02-02): the loans below are past due.
const NOW = new Date('2029-02-20T12:00:00Z');
const TODAY = '2029-02-20';
const files = tempDataDir();
let app: TestApp;
let servicer: string;
let underwriter: string;
let admin: string;
beforeAll(async () => {
  app = await testApp({ now: () => NOW, config: { dataDir: files.dataDir } });
  await app.ctx.repos.loanBook.setBusinessDateOverride(TODAY as IsoDate, null, NOW);
  [servicer, underwriter, admin] = await Promise.all([
    staffToken(app, 'servicer@payrail.test'),
    staffToken(app, 'underwriter@payrail.test'),
    staffToken(app, 'admin@payrail.test'),
  ]);
});
afterAll(async () => {
  await app.ctx.repos.loanBook.setBusinessDateOverride(null, null, NOW);
  await app.close();
  files.remove();
});

const db = () => app.ctx.database.db;
const newLoan = () => fundedLoan(app, { disbursementDate: '2029-01-02', firstPaymentDate: '2029-02-02', payments: 4 });
const submitBody = (o: Record<string, unknown> = {}) => ({
  reason: 'job_loss',
  description: 'I was laid off on January 30 and start a new job in March.',
  defer_payments: 2,
  waive_late_fees: true,
  ...o,
});
const submit = (loan: FundedLoan, body: Record<string, unknown> = submitBody(), token = loan.token) =>
  call(app, { method: 'POST', url: `/api/dashboard/loans/${loan.loanId}/hardship_requests`, headers: auth(token), payload: body });
const page = async (loan: FundedLoan) => {
  const res = await call(app, { url: `/api/dashboard/loans/${loan.loanId}/hardship`, headers: auth(loan.token) });
  expect(res.statusCode).toBe(200);
  return res.json<THardshipPage>();
};
const decide = (id: number, body: Record<string, unknown>, token = servicer) =>
  call(app, { method: 'POST', url: `/api/backoffice/hardship_requests/${id}/decision`, headers: auth(token), payload: body });
const detail = async (id: number, token = servicer) => {
  const res = await call(app, { url: `/api/backoffice/hardship_requests/${id}`, headers: auth(token) });
  expect(res.statusCode).toBe(200);
  return res.json<THardshipDetail>();
};
const notices = async (userId: number) => (await db().select().from(notifications).where(eq(notifications.userId, userId))).map((n) => n.message);
const CONTRACT = ['2029-02-02', '2029-03-02', '2029-04-02', '2029-05-02'];

describe('hardship request: the borrower submits', () => {
  it('needs a session; another member’s loan is not found; bad input is a 422 with field errors and writes nothing', async () => {
    const loan = await newLoan();
    const other = await newLoan();
    expect((await call(app, { method: 'POST', url: `/api/dashboard/loans/${loan.loanId}/hardship_requests`, payload: submitBody() })).statusCode).toBe(401);
    expect((await submit(loan, submitBody(), other.token)).statusCode).toBe(404);
    expect((await call(app, { url: `/api/dashboard/loans/${loan.loanId}/hardship`, headers: auth(other.token) })).statusCode).toBe(404);
    const bad = await submit(loan, submitBody({ reason: 'bored', description: 'short', defer_payments: 4 }));
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json<{ errors: Record<string, string[]> }>().errors).sort()).toEqual(['defer_payments', 'description', 'reason']);
    const negative = await submit(loan, submitBody({ monthly_income: -1, monthly_expenses: 100_000_001 }));
    expect(negative.json()).toEqual({ errors: { monthly_income: ['is invalid'], monthly_expenses: ['is invalid'] } });
    // A document that is not the borrower's own hardship document.
    const foreign = await uploadDocument(app, other.token, 'hardship_document');
    const notHardship = await uploadDocument(app, loan.token, 'pay_stub');
    for (const id of [foreign, notHardship]) {
      const res = await submit(loan, submitBody({ document_ids: [id] }));
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual({ errors: { document_ids: [HARDSHIP_API_MSG.documentNotFound] } });
    }
    expect((await page(loan)).requests).toEqual([]);
  });

  it('records the request with its document, notifies in the app and by e-mail; one open request per loan', async () => {
    const loan = await newLoan();
    const doc = await uploadDocument(app, loan.token, 'hardship_document');
    const before = await page(loan);
    expect(before).toMatchObject({ refusal: null, days_past_due: 18, loan_status: 'opened' });
    expect(before.plans.map((p) => [p.defer_payments, p.next_due_date, p.maturity_after])).toEqual([
      [1, '2029-03-02', '2029-06-02'],
      [2, '2029-04-02', '2029-07-02'],
      [3, '2029-05-02', '2029-08-02'],
    ]);
    const res = await submit(loan, submitBody({ document_ids: [doc], monthly_income: 320_000, monthly_expenses: 290_000 }));
    expect(res.statusCode).toBe(201);
    const req = res.json<THardshipRequest>();
    expect(req).toMatchObject({ status: 'submitted', reason: 'job_loss', defer_payments: 2, waive_late_fees: true, monthly_income: 320_000, decision: null });
    expect(req.history).toEqual([expect.objectContaining({ kind: 'submitted', by: 'borrower', documents: [expect.objectContaining({ id: doc })] })]);
    expect((await notices(loan.userId)).some((m) => m.startsWith(`We received your hardship request for loan ${loan.identifier}`))).toBe(true);
    expect((await outbox(app, loan.email)).some((m) => m.subject === 'We received your hardship request')).toBe(true);

    const again = await submit(loan);
    expect(again.statusCode).toBe(422);
    expect(again.json()).toEqual({ error: HARDSHIP_MSG.openRequest });
    const after = await page(loan);
    expect(after.refusal).toBe(HARDSHIP_MSG.openRequest);
    expect(after.requests.map((r) => r.id)).toEqual([req.id]);
  });
});

describe('hardship request: staff', () => {
  it('roles: everyone reads the queue and detail; only servicers and admins decide and download documents', async () => {
    const loan = await newLoan();
    const doc = await uploadDocument(app, loan.token, 'hardship_document');
    const req = (await submit(loan, submitBody({ document_ids: [doc] }))).json<THardshipRequest>();
    expect((await call(app, { url: '/api/backoffice/hardship_requests' })).statusCode).toBe(401);
    const queue = await call(app, { url: '/api/backoffice/hardship_requests?status=submitted', headers: auth(underwriter) });
    expect(queue.statusCode).toBe(200);
    expect(queue.json<THardshipQueue>().requests.find((r) => r.id === req.id)).toMatchObject({
      loan_identifier: loan.identifier,
      status: 'submitted',
      reason: 'job_loss',
    });
    const approvedOnly = await call(app, { url: '/api/backoffice/hardship_requests?status=approved', headers: auth(underwriter) });
    expect(approvedOnly.json<THardshipQueue>().requests.some((r) => r.id === req.id)).toBe(false);
    expect((await call(app, { url: '/api/backoffice/hardship_requests?status=nope', headers: auth(underwriter) })).statusCode).toBe(422);
    const d = await detail(req.id, underwriter);
    expect(d.loan).toMatchObject({ identifier: loan.identifier, days_past_due: 18, next_due_date: '2029-02-02' });
    expect(d.plans.map((p) => p.defer_payments)).toEqual([1, 2, 3]);
    expect((await decide(req.id, { decision: 'ask_info', message: 'Why?' }, underwriter)).statusCode).toBe(403);
    expect((await call(app, { url: `/api/backoffice/hardship_requests/${req.id}/documents/${doc}`, headers: auth(underwriter) })).statusCode).toBe(403);
    const file = await call(app, { url: `/api/backoffice/hardship_requests/${req.id}/documents/${doc}`, headers: auth(admin) });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    const other = await uploadDocument(app, loan.token, 'hardship_document');
    expect((await call(app, { url: `/api/backoffice/hardship_requests/${req.id}/documents/${other}`, headers: auth(admin) })).statusCode).toBe(404);
    expect((await call(app, { url: '/api/backoffice/hardship_requests/999999', headers: auth(admin) })).statusCode).toBe(404);
  });

  it('asks for more information: the borrower sees it in the inbox and answers with a document; a decline needs a reason', async () => {
    const loan = await newLoan();
    const req = (await submit(loan)).json<THardshipRequest>();
    expect((await decide(req.id, { decision: 'ask_info', message: '  ' })).statusCode).toBe(422);
    const asked = await decide(req.id, { decision: 'ask_info', message: 'Please send your termination letter.' });
    expect(asked.statusCode).toBe(200);
    expect(asked.json<THardshipDetail>().request).toMatchObject({ status: 'info_requested', staff_message: 'Please send your termination letter.' });
    expect((await decide(req.id, { decision: 'ask_info', message: 'Again?' })).json()).toEqual({ error: HARDSHIP_MSG.notAwaitingDecision });
    const inbox = (await call(app, { url: '/api/dashboard/requests', headers: auth(loan.token) })).json<TRequestsInbox>().requests;
    expect(inbox.find((r) => r.kind === 'hardship_information')).toMatchObject({
      key: `hardship_information:${req.id}`,
      action: { kind: 'link', to: `/dashboard/loans/${loan.loanId}/hardship` },
    });
    expect((await notices(loan.userId)).some((m) => m.startsWith('We need more information about your hardship request'))).toBe(true);

    const doc = await uploadDocument(app, loan.token, 'hardship_document');
    const other = await newLoan();
    expect(
      (await call(app, { method: 'POST', url: `/api/dashboard/hardship_requests/${req.id}/answer`, headers: auth(other.token), payload: { message: 'x' } }))
        .statusCode,
    ).toBe(404);
    const answered = await call(app, {
      method: 'POST',
      url: `/api/dashboard/hardship_requests/${req.id}/answer`,
      headers: auth(loan.token),
      payload: { message: 'Attached.', document_ids: [doc] },
    });
    expect(answered.statusCode).toBe(200);
    expect(answered.json<THardshipRequest>().status).toBe('submitted');
    expect(answered.json<THardshipRequest>().history.map((e) => e.kind)).toEqual(['submitted', 'info_requested', 'answered']);
    const again = await call(app, {
      method: 'POST',
      url: `/api/dashboard/hardship_requests/${req.id}/answer`,
      headers: auth(loan.token),
      payload: { message: 'More.' },
    });
    expect(again.json()).toEqual({ error: HARDSHIP_MSG.notAwaitingAnswer });
    const inboxAfter = (await call(app, { url: '/api/dashboard/requests', headers: auth(loan.token) })).json<TRequestsInbox>().requests;
    expect(inboxAfter.some((r) => r.kind === 'hardship_information')).toBe(false);

    expect((await decide(req.id, { decision: 'decline' })).statusCode).toBe(422);
    const declined = await decide(req.id, { decision: 'decline', message: 'Your income covers the payment.' });
    expect(declined.statusCode).toBe(200);
    expect(declined.json<THardshipDetail>().request).toMatchObject({ status: 'declined', staff_message: 'Your income covers the payment.' });
    expect((await decide(req.id, { decision: 'approve', defer_payments: 1, waive_late_fees: false })).json()).toEqual({ error: HARDSHIP_MSG.notOpen });
    expect((await outbox(app, loan.email)).some((m) => m.subject === 'Your hardship request was declined')).toBe(true);
    // Declined is not open: the borrower may ask again.
    expect((await page(loan)).refusal).toBeNull();
  });

  it('approves: the schedule moves through the revision, the loan is no longer past due, late fees are waived, all audited and notified', async () => {
    const loan = await newLoan();
    const [fee] = await db()
      .insert(ledgerEntries)
      .values({
        loanId: loan.loanId,
        kind: 'late_fee',
        effectiveDate: parseIsoDate('2029-02-12'),
        amountCents: cents(1_500),
        installmentN: 1,
        idempotencyKey: `late_fee:hardship-test:${loan.loanId}`,
        createdAt: NOW,
      })
      .returning();
    const req = (await submit(loan)).json<THardshipRequest>();
    expect((await detail(req.id)).loan).toMatchObject({ late_fees: 1_500, days_past_due: 18 });
    const res = await decide(req.id, { decision: 'approve', defer_payments: 1, waive_late_fees: true, message: 'Take care.' });
    expect(res.statusCode).toBe(200);
    const d = res.json<THardshipDetail>();
    const moved = ['2029-03-02', '2029-04-02', '2029-05-02', '2029-06-02'];
    expect(d.request).toMatchObject({ status: 'approved', decision: { defer_payments: 1, waive_late_fees: true, waived_fees: 1_500 } });
    expect(d.request.decision!.schedule.map((r) => [r.due_date, r.new_due_date, r.moved])).toEqual(CONTRACT.map((c, i) => [c, moved[i], true]));
    expect(d.loan).toMatchObject({ days_past_due: 0, next_due_date: '2029-03-02', late_fees: 0 });

    const loanRow = (await app.ctx.repos.loanBook.loan(loan.loanId))!;
    expect(loanRow.revisedDueDates).toEqual(moved);
    expect(loanRow.aprPercent).toBe(d.request.decision!.apr_after);
    expect((await db().select().from(loanInstallments).where(eq(loanInstallments.loanId, loan.loanId))).map((i) => i.dueDate).sort()).toEqual(moved);
    expect(await app.ctx.repos.loanBook.scheduleRevisions(loan.loanId)).toEqual([
      expect.objectContaining({ kind: 'hardship', sourceId: req.id, dueDatesBefore: CONTRACT, dueDatesAfter: moved }),
    ]);
    const waivers = await db()
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.loanId, loan.loanId), eq(ledgerEntries.kind, 'waiver')));
    expect(waivers).toEqual([expect.objectContaining({ reversesEntryId: fee!.id, amountCents: 1_500, effectiveDate: TODAY })]);
    expect((await page(loan)).days_past_due).toBe(0);
    const next = await call(app, { url: `/api/transactions/loan/next_term_date/${loan.loanId}`, headers: auth(loan.token) });
    expect(next.json()).toMatchObject({ next_term_date: '2029-03-02' });

    const audit = await db()
      .select()
      .from(staffActions)
      .where(and(eq(staffActions.targetUserId, loan.userId), eq(staffActions.action, 'hardship_approved')));
    expect(audit).toHaveLength(1);
    expect(audit[0]!.after).toMatchObject({ defer_payments: 1, waived_cents: 1_500, due_dates: moved });
    const checked = await expectSnapshotsMatchContract(app);
    for (const a of ['hardship_approved', 'hardship_declined', 'hardship_info_requested']) expect(checked.has(a)).toBe(true);
    expect(
      (await notices(loan.userId)).some((m) =>
        m.includes('is approved: 1 payment is deferred; your next payment is due on 2029-03-02. Your late fees are waived.'),
      ),
    ).toBe(true);
    const mail = (await outbox(app, loan.email)).find((m) => m.subject === 'Your hardship request is approved');
    expect(mail?.body).toContain('Payment 1:');
    expect(mail?.body).toContain('due 03/02/2029 (was 02/02/2029)');
    expect(mail?.body).toContain('APR');

    // One approved hardship every 12 months.
    const p = await page(loan);
    expect(p.refusal).toBe(HARDSHIP_MSG.tooSoon);
    const again = await submit(loan);
    expect(again.statusCode).toBe(422);
    expect(again.json()).toMatchObject({ error: HARDSHIP_MSG.tooSoon, available_on: '2030-02-20' });
  });

  it('a lost race writes nothing: 409 for a decision read before another one decided', async () => {
    const loan = await newLoan();
    const req = (await submit(loan)).json<THardshipRequest>();
    const stale = (await app.ctx.repos.hardship.byId(req.id))!;
    expect((await decide(req.id, { decision: 'decline', message: 'Your income covers the payment.' })).statusCode).toBe(200);
    // The next decisions read the request while it was still open (as a concurrent one would).
    const byId = app.ctx.repos.hardship.byId;
    app.ctx.repos.hardship.byId = () => Promise.resolve(stale);
    try {
      for (const body of [
        { decision: 'approve', defer_payments: 1, waive_late_fees: true },
        { decision: 'ask_info', message: 'Why?' },
      ]) {
        const lost = await decide(req.id, body);
        expect(lost.statusCode).toBe(409);
        expect(lost.json()).toEqual({ error: HARDSHIP_API_MSG.raced });
      }
    } finally {
      app.ctx.repos.hardship.byId = byId;
    }
    // The approval's revision rolled back with it: the loan's dates are the contract's.
    expect((await app.ctx.repos.hardship.byId(req.id))!.status).toBe('declined');
    expect(await app.ctx.repos.loanBook.scheduleRevisions(loan.loanId)).toEqual([]);
    expect((await app.ctx.repos.loanBook.loan(loan.loanId))!.revisedDueDates).toBeNull();
  });

  it('two approvals at once: one applies, the other is refused; one revision', async () => {
    const loan = await newLoan();
    const req = (await submit(loan)).json<THardshipRequest>();
    const results = await Promise.all([1, 2].map((k) => decide(req.id, { decision: 'approve', defer_payments: k, waive_late_fees: false })));
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes[0]).toBe(200);
    expect([409, 422]).toContain(codes[1]);
    expect(await app.ctx.repos.loanBook.scheduleRevisions(loan.loanId)).toHaveLength(1);
  });

  it('refuses a loan that is not active', async () => {
    const loan = await newLoan();
    await app.ctx.repos.loanBook.moveLoanStatus(loan.loanId, 'opened', 'default', NOW);
    expect((await submit(loan)).json()).toEqual({ error: HARDSHIP_MSG.notActive });
    expect((await page(loan)).refusal).toBe(HARDSHIP_MSG.notActive);
  });
});
