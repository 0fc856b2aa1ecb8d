import type { TLastLoanResponse } from '@payrail/contract/servicing';
import { SERVICING_BO_MSG } from '@payrail/contract/servicing-backoffice';
import type {
  TAchReturnsResponse,
  TAdvanceResponse,
  TCancelUndeliveredResponse,
  TLoanServicingResponse,
  TRedisburseResponse,
} from '@payrail/contract/servicing-backoffice';
import { adjustToBusinessDay } from '@payrail/domain/calendar';
import { addDays, parseIsoDate } from '@payrail/domain/dates';
import type { IsoDate } from '@payrail/domain/dates';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { autoDebitAuthorizations, disbursements, ledgerEntries, loans, loanTransactions, notifications, staffActions } from '../src/db/schema/index';
import { businessToday } from '../src/lib/business-clock';
import { runDailyServicing } from '../src/modules/loan-book/use-cases/daily-run';
import { DISBURSEMENT_NOTICE } from '../src/modules/loan-book/use-cases/disbursement-returns';
import { refreshLoanStatus } from '../src/modules/loan-book/use-cases/refresh-loan-status';
import { classicApp, get, staffToken } from './application-helpers';
import { auth, call, outbox } from './identity-helpers';
import { fundedBorrower, fundedBorrowerRepaying, receiverAccountRow } from './servicing-helpers';
import { bankReturnFile } from './support/bank-return-file';
import type { TestApp } from './test-app';

// A disbursement credit the borrower's bank returns (R03): matched by its trace number, the loan waits
// (pending, no debit) until a servicer re-disburses it to a corrected account or cancels the loan.
let app: TestApp;
let servicer: string;
let underwriter: string;
/** Repaid by auto-debit: its return, then a re-disbursement. */
let a: Awaited<ReturnType<typeof fundedBorrowerRepaying>>;
/** Its return, then the loan canceled. */
let c: Awaited<ReturnType<typeof fundedBorrower>>;
let start: IsoDate;

beforeAll(async () => {
  app = await classicApp({ config: { requireHumanReview: true } });
  await app.ctx.repos.loanBook.setBusinessDateOverride(null, null, app.ctx.now());
  [servicer, underwriter] = await Promise.all([staffToken(app, 'servicer@payrail.test'), staffToken(app, 'underwriter@payrail.test')]);
  a = await fundedBorrowerRepaying(app, 1);
  c = await fundedBorrower(app);
  start = parseIsoDate(a.loan.disbursement_date);
  await app.ctx.repos.loanBook.setBusinessDateOverride(start, null, app.ctx.now());
}, 240_000);
afterAll(async () => {
  await app.ctx.repos.loanBook.setBusinessDateOverride(null, null, app.ctx.now()); // other files of this worker read the real date
  await app.close();
});

const db = () => app.ctx.database.db;
const bo = (token: string, method: 'GET' | 'POST', url: string, payload?: Record<string, unknown>, headers: Record<string, string> = {}) =>
  call(app, { method, url: `/api/backoffice${url}`, headers: { ...auth(token), ...headers }, ...(payload ? { payload } : {}) });
const servicing = async (loanId: number) => {
  const res = await bo(underwriter, 'GET', `/loans/${loanId}/servicing`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<TLoanServicingResponse>();
};
const upload = (text: string) =>
  call(app, { method: 'POST', url: '/api/backoffice/ach/returns', headers: { ...auth(servicer), 'content-type': 'text/plain' }, payload: text });
const redisburse = (loanId: number, key: string | null, token = servicer) =>
  bo(token, 'POST', `/loans/${loanId}/redisburse`, undefined, key === null ? {} : { 'idempotency-key': key });
const cancel = (loanId: number, reason: string, token = servicer) => bo(token, 'POST', `/loans/${loanId}/cancel_undelivered`, { reason });
const notesOf = async (userId: number) => (await db().select().from(notifications).where(eq(notifications.userId, userId))).map((n) => n.message);
const statusOf = async (loanId: number) => (await db().select({ status: loans.status }).from(loans).where(eq(loans.id, loanId)))[0]!.status;

/** The bank's return file: returns of our credits (code 21, checking) with their addenda 99. */
const returnFile = (returns: { trace: string; code: string; amountCents: number; who: string }[]) =>
  bankReturnFile(
    returns.map((r) => ({ ...r, individualId: r.who })),
    { of: 'credits', on: start },
  );

/** The business clock moved as the back office moves it, then the run over `from`…`date` (idempotent per loan and date). */
async function moveClockTo(date: IsoDate, from: IsoDate): Promise<void> {
  if (date > (await businessToday(app.ctx))) {
    const res = await bo(servicer, 'POST', '/servicing/business_date', { date });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<TAdvanceResponse>().clock.business_date).toBe(date);
  }
  await runDailyServicing(app.ctx, { from, through: date });
}

/** A corrected receiving account for the borrower (what they give after the return), verified. */
async function correctedAccount(userId: number, number: string): Promise<number> {
  const row = await app.ctx.repos.banking.replaceReceiver(await receiverAccountRow(app, userId, number), null);
  return row!.id;
}

describe('a returned disbursement (R03): matched, the loan waits, then re-disbursed', () => {
  let trace = '';
  let first: TLoanServicingResponse['disbursements'][number];

  it('the disbursement credit carries a unique 15-digit NACHA trace number, never a debit’s', async () => {
    const s = await servicing(a.loan.id);
    expect(s.disbursements).toHaveLength(1);
    first = s.disbursements[0]!;
    expect(first).toMatchObject({ status: 'pending', amount: expect.any(Number), account_last4: '6789', returned_on: null, retry_of_id: null });
    expect(first.trace_number).toMatch(/^03482162\d{7}$/);
    trace = first.trace_number!;
    const other = (await servicing(c.loan.id)).disbursements[0]!.trace_number;
    expect(other).toMatch(/^03482162\d{7}$/);
    expect(other).not.toBe(trace);
    // Its sequence was taken from the debits' sequence: no transaction has (or will have) that id.
    expect(
      await db()
        .select()
        .from(loanTransactions)
        .where(eq(loanTransactions.id, Number(trace.slice(8)))),
    ).toEqual([]);
    expect(s).toMatchObject({ loan: { status: 'opened' }, disbursement_returned: false });
  });

  it('the bank’s return of the credit is applied: the loan is pending, its debits stopped, the borrower told; audited', async () => {
    const res = await upload(returnFile([{ trace, code: 'R03', amountCents: first.amount, who: a.loan.identifier }]));
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<TAchReturnsResponse>();
    expect(body).toEqual({
      file_name: null,
      entries: 1,
      applied: [
        {
          line: 3,
          original_trace: trace,
          return_code: 'R03',
          return_reason: 'No account / unable to locate account',
          amount: first.amount,
          loan_id: a.loan.id,
          loan_identifier: a.loan.identifier,
          transaction_id: null,
          disbursement_id: first.id,
          returned_on: start,
        },
      ],
      unmatched: [],
      duplicates: [],
      corrections: [],
      referral_payouts: [],
    });
    expect(await statusOf(a.loan.id)).toBe('pending');
    const s = await servicing(a.loan.id);
    expect(s).toMatchObject({ loan: { status: 'pending' }, disbursement_returned: true });
    expect(s.disbursements[0]).toMatchObject({
      id: first.id,
      status: 'returned',
      return_code: 'R03',
      return_reason: 'No account / unable to locate account',
      returned_on: start,
    });
    // The auto-debit stays on file (inactive while the loan is pending).
    expect((await db().select().from(autoDebitAuthorizations).where(eq(autoDebitAuthorizations.loanId, a.loan.id))).map((x) => x.revokedAt)).toEqual([null]);
    const notice = DISBURSEMENT_NOTICE.returned(a.loan.identifier, first.amount, 'R03', 'No account / unable to locate account');
    expect(notice).toContain('could not be delivered to your bank account (R03 No account / unable to locate account)');
    expect(await notesOf(a.id)).toContain(notice);
    expect((await outbox(app, a.email)).filter((m) => m.subject === 'The money for your loan could not be delivered')).toHaveLength(1);
    const audits = await db().select().from(staffActions).where(eq(staffActions.action, 'ach_return_file_applied'));
    // This upload's audit row (other files' uploads share the table).
    expect(audits.filter((x) => JSON.stringify(x.after).includes(trace)).at(-1)).toMatchObject({
      after: { applied: [{ trace, code: 'R03', transaction_id: null, disbursement_id: first.id, loan_id: a.loan.id }] },
    });
    // The borrower's record says so too: not open for payments.
    expect((await get(app, a.token, '/api/loans/last')).json<TLastLoanResponse>().loan).toMatchObject({ loan_status: 'pending' });
  });

  it('re-uploading the file is a duplicate: nothing applied twice', async () => {
    const before = await notesOf(a.id);
    const res = await upload(returnFile([{ trace, code: 'R03', amountCents: first.amount, who: a.loan.identifier }]));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<TAchReturnsResponse>()).toMatchObject({
      applied: [],
      unmatched: [],
      duplicates: [{ original_trace: trace, loan_id: a.loan.id, transaction_id: null, disbursement_id: first.id, returned_on: start }],
    });
    expect(await notesOf(a.id)).toHaveLength(before.length);
  });

  it('the daily run creates and sends no debit across the first due date while the loan waits', async () => {
    const [i1] = await app.ctx.repos.loanBook.installments(a.loan.id);
    const past = addDays(adjustToBusinessDay(parseIsoDate(i1!.dueDate)), 3);
    await moveClockTo(past, start);
    expect(await db().select().from(loanTransactions).where(eq(loanTransactions.loanId, a.loan.id))).toEqual([]);
    expect((await db().select().from(ledgerEntries).where(eq(ledgerEntries.loanId, a.loan.id))).map((e) => e.kind)).toEqual(['disbursement']);
    expect(await statusOf(a.loan.id)).toBe('pending');
    // The status rule leaves a pending loan alone.
    expect(await refreshLoanStatus(app.ctx, a.loan.id)).toBe('pending');
  });

  it('re-disbursing needs a servicer, an Idempotency-Key and a corrected verified account', async () => {
    expect((await redisburse(a.loan.id, 'redisburse-key-000', underwriter)).statusCode).toBe(403);
    expect((await redisburse(a.loan.id, null)).statusCode).toBe(400);
    const same = await redisburse(a.loan.id, 'redisburse-key-001');
    expect(same.statusCode).toBe(409);
    expect(same.json()).toEqual({ error: SERVICING_BO_MSG.redisburseSameAccount });
    // An opened loan is not waiting for money.
    const opened = await redisburse(c.loan.id, 'redisburse-key-002');
    expect(opened.statusCode).toBe(409);
    expect(opened.json()).toEqual({ error: SERVICING_BO_MSG.notWaitingForMoney });
    expect(await db().select().from(disbursements).where(eq(disbursements.loanId, a.loan.id))).toHaveLength(1);
  });

  it('re-disbursed to the corrected account: a second disbursement, the loan opened again; a retry is the same; audited', async () => {
    const accountId = await correctedAccount(a.id, '000987654321');
    const key = 'redisburse-key-100';
    const [r1, r2, r3] = await Promise.all([redisburse(a.loan.id, key), redisburse(a.loan.id, key), redisburse(a.loan.id, key)]);
    for (const r of [r1, r2, r3]) expect(r!.statusCode, r!.body).toBe(200);
    const answer = r1!.json<TRedisburseResponse>();
    expect(r2!.json<TRedisburseResponse>().disbursement).toEqual(answer.disbursement);
    expect(r3!.json<TRedisburseResponse>().disbursement).toEqual(answer.disbursement);
    expect(answer.disbursement).toMatchObject({ amount: first.amount, status: 'pending', account_last4: '4321', retry_of_id: first.id, returned_on: null });
    expect(answer.disbursement.trace_number).toMatch(/^03482162\d{7}$/);
    expect(answer.disbursement.trace_number).not.toBe(trace);
    expect(answer.servicing).toMatchObject({ loan: { status: 'opened' }, disbursement_returned: false });
    expect(answer.servicing.disbursements.map((d) => [d.id, d.status])).toEqual([
      [first.id, 'returned'],
      [answer.disbursement.id, 'pending'],
    ]);
    const rows = await db().select().from(disbursements).where(eq(disbursements.loanId, a.loan.id));
    expect(rows).toHaveLength(2);
    expect(rows.find((d) => d.id === answer.disbursement.id)).toMatchObject({ bankAccountId: accountId, idempotencyKey: key, retryOfId: first.id });
    // The ledger's disbursement entry stays the loan's principal: no second one.
    expect((await db().select().from(ledgerEntries).where(eq(ledgerEntries.loanId, a.loan.id))).map((e) => e.kind)).toEqual(['disbursement']);
    expect(await statusOf(a.loan.id)).toBe('opened');
    expect(await notesOf(a.id)).toContain(DISBURSEMENT_NOTICE.resent(a.loan.identifier, first.amount, '4321'));
    expect((await outbox(app, a.email)).filter((m) => m.subject === 'The money for your loan is on its way again')).toHaveLength(1);
    const audits = await db().select().from(staffActions).where(eq(staffActions.action, 'disbursement_resent'));
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({ targetUserId: a.id, after: { disbursement_id: answer.disbursement.id, bank_account_id: accountId } });
    // Another key once it is sent: the loan is no longer waiting.
    const again = await redisburse(a.loan.id, 'redisburse-key-101');
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ error: SERVICING_BO_MSG.notWaitingForMoney });
    // The key is this disbursement's: used on another loan it is refused.
    expect((await redisburse(c.loan.id, key)).json()).toEqual({ error: SERVICING_BO_MSG.redisburseKeyReused });
  });
});

describe('a returned disbursement: the loan canceled, nothing owed', () => {
  it('after the return, a servicer cancels it: closed, nothing owed, the disbursement reversed in the ledger; a retry is the same', async () => {
    const d = (await servicing(c.loan.id)).disbursements[0]!;
    // Another amount, or a trace we never sent: reported, nothing applied.
    const wrong = await upload(
      returnFile([
        { trace: d.trace_number!, code: 'R02', amountCents: d.amount + 1, who: c.loan.identifier },
        { trace: '034821629999999', code: 'R02', amountCents: d.amount, who: c.loan.identifier },
      ]),
    );
    expect(wrong.json<TAchReturnsResponse>()).toMatchObject({
      applied: [],
      unmatched: [
        { original_trace: d.trace_number, reason: SERVICING_BO_MSG.returnAmountDiffers(d.amount, d.amount + 1) },
        { original_trace: '034821629999999', reason: SERVICING_BO_MSG.returnUnknownTrace },
      ],
    });
    expect(await statusOf(c.loan.id)).toBe('opened');
    const res = await upload(returnFile([{ trace: d.trace_number!, code: 'R02', amountCents: d.amount, who: c.loan.identifier }]));
    expect(res.json<TAchReturnsResponse>().applied).toEqual([expect.objectContaining({ loan_id: c.loan.id, disbursement_id: d.id, return_code: 'R02' })]);
    expect(await statusOf(c.loan.id)).toBe('pending');

    expect((await cancel(c.loan.id, 'no', servicer)).statusCode).toBe(422);
    expect((await cancel(c.loan.id, 'Borrower has no other account', underwriter)).statusCode).toBe(403);
    const [r1, r2] = await Promise.all([cancel(c.loan.id, 'Borrower has no other account'), cancel(c.loan.id, 'Borrower has no other account')]);
    expect(r1!.statusCode, r1!.body).toBe(200);
    expect(r2!.statusCode, r2!.body).toBe(200);
    const s = r1!.json<TCancelUndeliveredResponse>().servicing;
    expect(s).toMatchObject({
      loan: { status: 'closed_paid' },
      payoff_amount: 0,
      paid_total: 0,
      days_past_due: 0,
      credit_balance: 0,
      disbursement_returned: false,
      auto_debit: null,
    });
    const entries = await db().select().from(ledgerEntries).where(eq(ledgerEntries.loanId, c.loan.id)).orderBy(ledgerEntries.id);
    expect(entries.map((e) => e.kind)).toEqual(['disbursement', 'reversal']);
    expect(entries[1]).toMatchObject({
      reversesEntryId: entries[0]!.id,
      amountCents: entries[0]!.amountCents,
      reasonCode: 'R02',
      idempotencyKey: `reversal:${entries[0]!.id}`,
    });
    expect(s.ledger[0]).toMatchObject({ kind: 'disbursement', reversed_by_entry_id: entries[1]!.id });
    const [loan] = await db().select().from(loans).where(eq(loans.id, c.loan.id));
    expect(loan!.closedAt).not.toBeNull();
    // Every reader agrees: the borrower's record owes nothing, and the status rule keeps it closed.
    expect((await get(app, c.token, '/api/loans/last')).json<TLastLoanResponse>().loan).toMatchObject({
      loan_status: 'closed_paid',
      outstanding_balance: 0,
      principal_balance: 0,
    });
    expect(await refreshLoanStatus(app.ctx, c.loan.id)).toBe('closed_paid');
    expect(await notesOf(c.id)).toContain(DISBURSEMENT_NOTICE.canceled(c.loan.identifier));
    expect((await outbox(app, c.email)).filter((m) => m.subject === 'Your loan is canceled')).toHaveLength(1);
    expect(
      await db()
        .select()
        .from(staffActions)
        .where(and(eq(staffActions.action, 'loan_canceled_undelivered'), eq(staffActions.targetUserId, c.id))),
    ).toHaveLength(1);
    // Nothing more can be done with it: not waiting for money; no debit ever.
    expect((await redisburse(c.loan.id, 'redisburse-key-200')).json()).toEqual({ error: SERVICING_BO_MSG.notWaitingForMoney });
    await runDailyServicing(app.ctx, { from: start, through: await businessToday(app.ctx) });
    expect(await db().select().from(loanTransactions).where(eq(loanTransactions.loanId, c.loan.id))).toEqual([]);
    expect(await statusOf(c.loan.id)).toBe('closed_paid');
  });

  it('an opened loan cannot be canceled this way', async () => {
    const res = await cancel(a.loan.id, 'Changed my mind');
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: SERVICING_BO_MSG.notWaitingForMoney });
  });
});
