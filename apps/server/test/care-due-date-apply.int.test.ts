import type { TConsentCentre, TDueDateChange, TDueDateChangeOverview, TScheduleRevisions } from '@payrail/contract/care';
import { DUE_DATE_CHANGE_AGREEMENT, DUE_DATE_MSG } from '@payrail/domain/care/due-date-change';
import { parseIsoDate, type IsoDate } from '@payrail/domain/dates';
import { eq } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dueDateChangeRequests, loanDocuments, loanTransactions, notifications, staffActions } from '../src/db/schema/index';
import { reviseDueDates } from '../src/modules/loan-book/use-cases/revise-due-dates';
import { staffToken } from './application-helpers';
import { setNames } from './banking-helpers';
import { fundedLoan, scheduledAutoDebit } from './collections-helpers';
import type { FundedLoan } from './collections-helpers';
import { auth, call, outbox } from './identity-helpers';
import { type TestApp, testApp } from './test-app';

const NOW = new Date('2029-01-02T12:00:00Z');
let app: TestApp;
let staff: string;
const db = () => app.ctx.database.db;

async function borrower(): Promise<FundedLoan> {
  const loan = await fundedLoan(app, { disbursementDate: '2029-01-02', firstPaymentDate: '2029-02-02', payments: 6 });
  await setNames(app, loan.userId, 'Jordan', 'Rivera');
  return loan;
}
beforeAll(async () => {
  app = await testApp({ now: () => NOW });
  await app.ctx.repos.loanBook.setBusinessDateOverride('2029-01-10' as IsoDate, null, NOW);
  staff = await staffToken(app, 'servicer@payrail.test');
});
afterAll(async () => {
  await app.ctx.repos.loanBook.setBusinessDateOverride(null, null, NOW); // other files of this worker read the real date
  await app.close();
});

const sign = (loan: FundedLoan, body: Record<string, unknown>, headers: Record<string, string> = {}) =>
  call(app, { method: 'POST', url: `/api/dashboard/loans/${loan.loanId}/due_date_change`, headers: { ...auth(loan.token), ...headers }, payload: body });
const GOOD = { date: '2029-02-12', signature_name: '  jordan   RIVERA ', agree: true };
const requestsOf = (loanId: number) => db().select().from(dueDateChangeRequests).where(eq(dueDateChangeRequests.loanId, loanId));
const notesOf = async (userId: number) => (await db().select().from(notifications).where(eq(notifications.userId, userId))).map((n) => n.message);

describe('due-date change applied (POST /dashboard/loans/{id}/due_date_change)', () => {
  let loan: FundedLoan;
  let applied: TDueDateChange;
  beforeAll(async () => {
    loan = await borrower();
  });

  it('shows the window of allowed dates before the change', async () => {
    const res = await call(app, { url: `/api/dashboard/loans/${loan.loanId}/due_date_changes`, headers: auth(loan.token) });
    expect(res.statusCode).toBe(200);
    expect(res.json<TDueDateChangeOverview>()).toMatchObject({
      window: { current_due_date: '2029-02-02', earliest: '2029-01-18', latest: '2029-02-17' },
      refusal: null,
      changes: [],
    });
  });

  it('signs and applies: the schedule moves, the signed PDF is a loan document and a consent record, the borrower is told', async () => {
    const res = await sign(loan, GOOD);
    expect(res.statusCode).toBe(200);
    applied = res.json<TDueDateChange>();
    expect(applied).toMatchObject({
      loan_id: loan.loanId,
      status: 'applied',
      requested_date: '2029-02-12',
      signature_name: 'jordan RIVERA',
      apr_changed: true,
      agreement_version: DUE_DATE_CHANGE_AGREEMENT.version,
    });
    expect(applied.schedule.map((r) => r.new_due_date)).toEqual(['2029-02-12', '2029-03-12', '2029-04-12', '2029-05-12', '2029-06-12', '2029-07-12']);
    expect(applied.total_of_payments).toBe(applied.schedule.reduce((s, r) => s + r.payment, 0));

    // The schedule in force: the installments and the borrower's next payment.
    expect((await app.ctx.repos.loanBook.installments(loan.loanId)).map((i) => i.dueDate)[0]).toBe('2029-02-12');
    const next = await call(app, { url: `/api/transactions/loan/next_term_date/${loan.loanId}`, headers: auth(loan.token) });
    expect(next.json()).toMatchObject({ next_term_date: '2029-02-12' });
    const [revision] = await app.ctx.repos.loanBook.scheduleRevisions(loan.loanId);
    expect(revision).toMatchObject({ kind: 'due_date_change', sourceId: applied.id, aprBefore: applied.old_apr, aprAfter: applied.new_apr });

    // The loan's documents list the agreement; its PDF is the signed re-disclosure.
    const docs = (await call(app, { url: `/api/loans/${loan.loanId}/documents`, headers: auth(loan.token) })).json<{
      documents: { id: number; file_name: string }[];
    }>().documents;
    expect(docs).toEqual([expect.objectContaining({ id: applied.document.id, file_name: applied.document.file_name })]);
    const pdf = await call(app, { url: applied.document.file_url, headers: auth(loan.token) });
    expect(pdf.statusCode).toBe(200);
    const keywords = (await PDFDocument.load(pdf.rawPayload, { updateMetadata: false })).getKeywords();
    expect(keywords).toContain('payrail-due-date-change-agreement');
    expect(keywords).toContain(`apr_after=${applied.new_apr}`);
    expect(keywords).toContain('new_due_date=2029-02-12');

    // The consent centre lists it with time, IP, version and the document to download.
    const centre = (await call(app, { url: '/api/dashboard/consents', headers: auth(loan.token) })).json<TConsentCentre>();
    const record = centre.records.find((r) => r.kind === 'due_date_change');
    expect(record).toMatchObject({
      title: 'Due date change agreement',
      version: DUE_DATE_CHANGE_AGREEMENT.version,
      accepted_at: NOW.toISOString(),
      document_id: applied.document.id,
    });
    expect(record!.ip).toMatch(/^10\./);

    // In-app and e-mail.
    expect(await notesOf(loan.userId)).toContainEqual(expect.stringContaining('your next payment is now due on 02/12/2029'));
    const [mail] = await outbox(app, loan.email);
    expect(mail!.subject).toBe('Your Payrail due date change is done');
  });

  it('answers the history, and the 12-month rule refuses a second change with the date it is available again', async () => {
    const overview = (
      await call(app, { url: `/api/dashboard/loans/${loan.loanId}/due_date_changes`, headers: auth(loan.token) })
    ).json<TDueDateChangeOverview>();
    expect(overview).toMatchObject({ window: null, refusal: DUE_DATE_MSG.tooSoon, available_on: '2030-01-10' });
    expect(overview.changes.map((c) => c.id)).toEqual([applied.id]);
    const again = await sign(loan, { ...GOOD, date: '2029-02-20' });
    expect(again.statusCode).toBe(422);
    expect(again.json()).toEqual({ error: DUE_DATE_MSG.tooSoon, available_on: '2030-01-10' });
    expect(await requestsOf(loan.loanId)).toHaveLength(1);
  });

  it('staff see the revision and the signed request in the back office, and download the agreement', async () => {
    const res = await call(app, { url: `/api/backoffice/loans/${loan.loanId}/schedule_revisions`, headers: auth(staff) });
    expect(res.statusCode).toBe(200);
    const body = res.json<TScheduleRevisions>();
    expect(body.revisions).toEqual([
      expect.objectContaining({
        kind: 'due_date_change',
        source_id: applied.id,
        dates_moved: 6,
        apr_before: applied.old_apr,
        apr_after: applied.new_apr,
        staff: null,
      }),
    ]);
    expect(body.due_date_changes).toEqual([expect.objectContaining({ id: applied.id, signature_name: 'jordan RIVERA' })]);
    const pdf = await call(app, { url: `/api/backoffice/loans/${loan.loanId}/due_date_changes/${applied.id}/pdf`, headers: auth(staff) });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const audited = await db().select().from(staffActions).where(eq(staffActions.targetUserId, loan.userId));
    expect(audited.filter((a) => a.action === 'view_due_date_change_agreement').map((a) => a.after)).toEqual([{ due_date_change_id: applied.id }]);
    expect((await call(app, { url: `/api/backoffice/loans/${loan.loanId}/due_date_changes/999999/pdf`, headers: auth(staff) })).statusCode).toBe(404);
    expect((await call(app, { url: `/api/backoffice/loans/${loan.loanId}/schedule_revisions`, headers: auth(loan.token) })).statusCode).toBe(401);
  });
});

describe('due-date change refusals: nothing is written', () => {
  let loan: FundedLoan;
  let other: FundedLoan;
  beforeAll(async () => {
    [loan, other] = await Promise.all([borrower(), borrower()]);
  });

  it('refuses a name that is not the borrower’s, a missing consent, a rule, a bad date, another member’s loan', async () => {
    const name = await sign(loan, { ...GOOD, signature_name: 'Jordan Rivers' });
    expect(name.statusCode).toBe(422);
    expect(name.json()).toEqual({ errors: { signature_name: [DUE_DATE_MSG.nameMismatch] } });
    const agree = await sign(loan, { ...GOOD, agree: false });
    expect(agree.json()).toEqual({ errors: { agree: [DUE_DATE_MSG.agree] } });
    expect((await sign(loan, { date: '2029-02-12', signature_name: 'Jordan Rivera' })).statusCode).toBe(422);
    const far = await sign(loan, { ...GOOD, date: '2029-02-20' });
    expect(far.json()).toEqual({ error: DUE_DATE_MSG.tooFar });
    expect((await sign(loan, { ...GOOD, date: '2029-02-31' })).json()).toEqual({ errors: { date: ['is invalid'] } });
    expect((await sign(loan, { ...GOOD, date: 'soon' })).statusCode).toBe(422);
    expect((await sign(loan, GOOD, { 'idempotency-key': 'short' })).statusCode).toBe(400);
    const notMine = await call(app, { method: 'POST', url: `/api/dashboard/loans/${loan.loanId}/due_date_change`, headers: auth(other.token), payload: GOOD });
    expect(notMine.statusCode).toBe(404);
    expect((await call(app, { url: `/api/dashboard/loans/${loan.loanId}/due_date_changes`, headers: auth(other.token) })).statusCode).toBe(404);
    expect((await call(app, { method: 'POST', url: `/api/dashboard/loans/${loan.loanId}/due_date_change`, payload: GOOD })).statusCode).toBe(401);
    expect(await requestsOf(loan.loanId)).toEqual([]);
    expect(await app.ctx.repos.loanBook.scheduleRevisions(loan.loanId)).toEqual([]);
  });

  it('refuses while the debit of the first movable payment is scheduled or pending', async () => {
    const tx = await scheduledAutoDebit(app, other, 1, parseIsoDate('2029-02-02'));
    const res = await sign(other, GOOD);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ error: DUE_DATE_MSG.inFlight });
    expect((await call(app, { url: `/api/dashboard/loans/${other.loanId}/due_date_changes`, headers: auth(other.token) })).json()).toMatchObject({
      window: null,
      refusal: DUE_DATE_MSG.inFlight,
    });
    await db().update(loanTransactions).set({ status: 'canceled' }).where(eq(loanTransactions.id, tx.id));
    expect(await requestsOf(other.loanId)).toEqual([]);
  });
});

describe('due-date change retries and races', () => {
  it('a retry with the same Idempotency-Key answers the first change (one revision, one document)', async () => {
    const loan = await borrower();
    const headers = { 'idempotency-key': `ddc-${loan.loanId}-retry` };
    const [a, b] = await Promise.all([sign(loan, GOOD, headers), sign(loan, GOOD, headers)]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(a.json<TDueDateChange>().id).toBe(b.json<TDueDateChange>().id);
    const c = await sign(loan, GOOD, headers);
    expect(c.json<TDueDateChange>().id).toBe(a.json<TDueDateChange>().id);
    expect(await requestsOf(loan.loanId)).toHaveLength(1);
    expect(await app.ctx.repos.loanBook.scheduleRevisions(loan.loanId)).toHaveLength(1);
    expect(await db().select().from(loanDocuments).where(eq(loanDocuments.loanId, loan.loanId))).toHaveLength(1);
  });

  it('two different submissions at once apply one change; the other is refused', async () => {
    const loan = await borrower();
    const [a, b] = await Promise.all([sign(loan, GOOD), sign(loan, { ...GOOD, date: '2029-02-14' })]);
    expect([a.statusCode, b.statusCode].filter((s) => s === 200)).toHaveLength(1);
    for (const r of [a, b]) if (r.statusCode !== 200) expect([409, 422]).toContain(r.statusCode);
    expect(await requestsOf(loan.loanId)).toHaveLength(1);
    expect(await app.ctx.repos.loanBook.scheduleRevisions(loan.loanId)).toHaveLength(1);
  });

  it('a change that lost the race to another revision is a 409 and writes nothing', async () => {
    const loan = await borrower();
    const care = app.ctx.repos.care;
    const reserve = care.reserveDueDateChangeId;
    // Another revision (staff's hardship deferral) lands between the borrower's read and write.
    care.reserveDueDateChangeId = async () => {
      care.reserveDueDateChangeId = reserve;
      const row = (await app.ctx.repos.loanBook.loan(loan.loanId))!;
      await reviseDueDates(app.ctx, row, {
        kind: 'hardship',
        sourceId: -loan.loanId,
        dueDatesAfter: ['2029-02-02', '2029-04-02', '2029-05-02', '2029-06-02', '2029-07-02', '2029-08-02'],
        firstMovedN: 2,
      });
      return reserve();
    };
    const before = await notesOf(loan.userId);
    const res = await sign(loan, GOOD);
    care.reserveDueDateChangeId = reserve;
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: DUE_DATE_MSG.lostRace });
    expect(await requestsOf(loan.loanId)).toEqual([]);
    expect(await db().select().from(loanDocuments).where(eq(loanDocuments.loanId, loan.loanId))).toEqual([]);
    expect(await notesOf(loan.userId)).toEqual(before);
    expect((await app.ctx.repos.loanBook.scheduleRevisions(loan.loanId)).map((r) => r.kind)).toEqual(['hardship']);
  });
});
