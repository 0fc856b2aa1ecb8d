import { parseIsoDate } from '@payrail/domain/dates';
import { PDFDocument } from 'pdf-lib';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WHAT_IF_MSG } from '@payrail/contract/borrower-tools';
import type { TPayoffLetterResponse, TRepaymentTrackerResponse, TWhatIfResponse } from '@payrail/contract/borrower-tools';
import { PAYMENT_MSG } from '@payrail/contract/servicing';
import type { TPayoffResponse } from '@payrail/contract/servicing';
import { loans, notifications, staffActions } from '../src/db/schema/index';
import { PAYOFF_LETTER_MSG } from '../src/modules/borrower-tools/use-cases/payoff-letter';
import { staffToken } from './application-helpers';
import { CLEARBROOK } from './banking-helpers';
import { fundedLoan } from './collections-helpers';
import type { FundedLoan } from './collections-helpers';
import { auth, call } from './identity-helpers';
import { type TestApp, testApp } from './test-app';

// Pinned clock: 2028-01-03; the business clock is set to it (and put back for the next files of the worker).
const NOW = new Date('2028-01-03T12:00:00Z');
let app: TestApp;
let servicer: string;
let underwriter: string;
let loan: FundedLoan;
let other: FundedLoan;
beforeAll(async () => {
  app = await testApp({ now: () => NOW });
  await app.ctx.repos.loanBook.setBusinessDateOverride(parseIsoDate('2028-01-03'), null, NOW);
  [servicer, underwriter] = await Promise.all([staffToken(app, 'servicer@payrail.test'), staffToken(app, 'underwriter@payrail.test')]);
  // $1,000.00 at 12 %, 3 monthly payments from 02/03/2028: period 1 interest $10.00 over 31 days.
  loan = await fundedLoan(app, { disbursementDate: '2028-01-03', firstPaymentDate: '2028-02-03' });
  other = await fundedLoan(app, { disbursementDate: '2028-01-03', firstPaymentDate: '2028-02-03' });
});
afterAll(async () => {
  await app.ctx.repos.loanBook.setBusinessDateOverride(null, null, NOW);
  await app.close();
});

const get = (token: string | null, url: string) => call(app, { url: `/api${url}`, headers: token ? auth(token) : {} });
const bo = (token: string, url: string) => call(app, { url: `/api/backoffice${url}`, headers: auth(token) });
const errorsOf = (res: { json: <T>() => T }) => res.json<{ error_messages: string[] }>().error_messages;
const keywordsOf = async (body: Buffer) => (await PDFDocument.load(body)).getKeywords() ?? '';

describe('payoff letter (borrower)', () => {
  it('needs a session; another member’s loan is 404; a bad or past date is 400 with the payoff messages', async () => {
    expect((await get(null, `/loans/${loan.loanId}/payoff_letter/2028-01-20`)).statusCode).toBe(401);
    expect((await get(null, `/loans/${loan.loanId}/payoff_letter/2028-01-20/pdf`)).statusCode).toBe(401);
    const foreign = await get(other.token, `/loans/${loan.loanId}/payoff_letter/2028-01-20`);
    expect(foreign.statusCode).toBe(404);
    expect(errorsOf(foreign)).toEqual([PAYMENT_MSG.loanNotFound]);
    const bad = await get(loan.token, `/loans/${loan.loanId}/payoff_letter/2028-02-30`);
    expect(bad.statusCode).toBe(400);
    expect(errorsOf(bad)).toEqual([PAYMENT_MSG.payoffDateInvalid]);
    const past = await get(loan.token, `/loans/${loan.loanId}/payoff_letter/2028-01-02/pdf`);
    expect(past.statusCode).toBe(400);
    expect(errorsOf(past)).toEqual([PAYMENT_MSG.payoffDateInPast]);
  });

  it('good through 01/20/2028: $1,000.00 principal + 17/31 of $10.00 interest = $1,005.48, per diem $0.32 — the payoff quote of that date', async () => {
    const res = await get(loan.token, `/loans/${loan.loanId}/payoff_letter/2028-01-20`);
    expect(res.statusCode, res.body).toBe(200);
    const letter = res.json<TPayoffLetterResponse>();
    expect(letter).toMatchObject({
      loan_id: loan.loanId,
      loan_number: loan.identifier,
      letter_date: '2028-01-03',
      good_through: '2028-01-20',
      principal: 100000,
      interest: 548,
      fees: 0,
      payoff_amount: 100548,
      per_diem: 32,
      pending_debits: [],
    });
    expect(letter.send_funds.wire).toMatchObject({
      routing_number: app.ctx.config.collectionAccount.routingNumber,
      account_number: app.ctx.config.collectionAccount.accountNumber,
      reference: `Loan ${loan.identifier} payoff`,
    });
    const quote = (await get(loan.token, `/${loan.loanId}/payoff/2028-01-20`)).json<TPayoffResponse>();
    expect(letter.payoff_amount).toBe(quote.payoff_amount);
  });

  it('a one-time payment scheduled before the good-through date is listed with what it lowers the payoff to', async () => {
    const paid = await call(app, {
      method: 'POST',
      url: '/api/request_payment',
      headers: { ...auth(loan.token), 'idempotency-key': `letter-test-${loan.loanId}` },
      payload: {
        method: 'ach',
        mode: 'one_time',
        loan_id: loan.loanId,
        amount: 5000,
        scheduling: { instant: false, date: '2028-01-10' },
        params: { customBanking: { account_number: '000123456789', routing_number: CLEARBROOK.routing, account_type: 'checking' } },
      },
    });
    expect(paid.statusCode, paid.body).toBe(200);
    const letter = (await get(loan.token, `/loans/${loan.loanId}/payoff_letter/2028-01-20`)).json<TPayoffLetterResponse>();
    expect(letter.payoff_amount).toBe(100548);
    expect(letter.pending_debits).toEqual([
      expect.objectContaining({
        status: 'scheduled',
        date: '2028-01-10',
        amount: 5000,
        effect: 'lowers',
        change: 5000,
        payoff_if: 95548,
        explanation: expect.stringContaining('falls by $50.00 to $955.48'),
      }),
    ]);
    const before = (await get(loan.token, `/loans/${loan.loanId}/payoff_letter/2028-01-05`)).json<TPayoffLetterResponse>();
    expect(before.pending_debits).toEqual([expect.objectContaining({ effect: 'after', change: 0 })]);
  });

  it('the PDF carries the same figures (keywords) and downloads as an attachment', async () => {
    const res = await get(loan.token, `/loans/${loan.loanId}/payoff_letter/2028-01-20/pdf`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(String(res.headers['content-disposition'])).toContain(`payoff-letter-${loan.identifier}-2028-01-20.pdf`);
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const keywords = await keywordsOf(res.rawPayload);
    expect(keywords).toContain('payoff_cents=100548');
    expect(keywords).toContain('per_diem_cents=32');
    expect(keywords).toContain('pending_debits=1');
  });
});

describe('payoff letter (back office)', () => {
  it('a servicer issues the same letter: audited, and the borrower is notified; an underwriter may not', async () => {
    expect((await bo(underwriter, `/loans/${loan.loanId}/payoff_letter/2028-01-20/pdf`)).statusCode).toBe(403);
    const res = await bo(servicer, `/loans/${loan.loanId}/payoff_letter/2028-01-20/pdf`);
    expect(res.statusCode, res.body).toBe(200);
    expect(await keywordsOf(res.rawPayload)).toContain('payoff_cents=100548');
    const db = app.ctx.database.db;
    const audit = await db
      .select()
      .from(staffActions)
      .where(and(eq(staffActions.action, 'payoff_letter_issued'), eq(staffActions.targetUserId, loan.userId)));
    expect(audit).toHaveLength(1);
    expect(audit[0]!.after).toMatchObject({ loan_id: loan.loanId, good_through: '2028-01-20', payoff_cents: 100548 });
    const notes = await db.select().from(notifications).where(eq(notifications.userId, loan.userId));
    expect(notes.map((n) => n.message)).toContain(`We prepared a payoff letter for loan ${loan.identifier}: $1,005.48 pays it off through 01/20/2028.`);
  });

  it('an unknown loan is 404; a closed loan is 409 with nothing written', async () => {
    expect((await bo(servicer, '/loans/2147483000/payoff_letter/2028-01-20/pdf')).statusCode).toBe(404);
    await app.ctx.database.db.update(loans).set({ status: 'closed_paid' }).where(eq(loans.id, other.loanId));
    const res = await bo(servicer, `/loans/${other.loanId}/payoff_letter/2028-01-20/pdf`);
    expect(res.statusCode).toBe(409);
    expect(errorsOf(res)).toEqual([PAYOFF_LETTER_MSG.loanClosed]);
    const audit = await app.ctx.database.db
      .select()
      .from(staffActions)
      .where(and(eq(staffActions.action, 'payoff_letter_issued'), eq(staffActions.targetUserId, other.userId)));
    expect(audit).toHaveLength(0);
  });
});

describe('what-if simulator', () => {
  const simulate = (token: string, loanId: number, body: unknown) =>
    call(app, { method: 'POST', url: `/api/loans/${loanId}/what_if`, headers: auth(token), payload: body as Record<string, unknown> });

  it('$400 more with the first installment: paid off 03/03/2028 instead of 04/03/2028, $7.37 of interest saved; nothing written', async () => {
    const before = await app.ctx.repos.loanBook.ledger(loan.loanId);
    const res = await simulate(loan.token, loan.loanId, { one_time: [{ date: '2028-02-03', amount: 40000 }] });
    expect(res.statusCode, res.body).toBe(200);
    const r = res.json<TWhatIfResponse>();
    // The baseline is the disclosed schedule: $20.07 of interest (the finance charge), paid off on the last due date.
    expect(r).toMatchObject({
      loan_id: loan.loanId,
      as_of: '2028-01-03',
      payment_per_term: 34002,
      interest_saved: 737,
      days_sooner: 31,
      installments_fewer: 1,
    });
    expect(r.baseline).toMatchObject({ payoff_date: '2028-04-03', interest: 2007, total_paid: 102007, installments: 3 });
    expect(r.scenario).toMatchObject({ payoff_date: '2028-03-03', interest: 1270, total_paid: 101270, installments: 2 });
    // Installment 1 leaves $669.98; the $400.00 extra leaves $269.98, which installment 2 ($2.70 interest) retires.
    expect(r.scenario.points).toEqual([
      { date: '2028-01-03', principal: 100000 },
      { date: '2028-02-03', principal: 26998 },
      { date: '2028-03-03', principal: 0 },
    ]);
    expect(await app.ctx.repos.loanBook.ledger(loan.loanId)).toEqual(before);
  });

  it('answers every problem at once as 422 error_messages; another member’s loan is 404', async () => {
    const bad = await simulate(loan.token, loan.loanId, {
      one_time: [
        { date: '2028-01-02', amount: 50 },
        { date: 'soon', amount: 1000 },
      ],
      recurring: { amount: -1 },
    });
    expect(bad.statusCode).toBe(422);
    expect(errorsOf(bad).sort()).toEqual([WHAT_IF_MSG.amountInvalid, WHAT_IF_MSG.dateInPast, WHAT_IF_MSG.dateInvalid].sort());
    const empty = await simulate(loan.token, loan.loanId, {});
    expect(empty.statusCode).toBe(422);
    expect(errorsOf(empty)).toEqual([WHAT_IF_MSG.nothingToSimulate]);
    const tooMany = await simulate(loan.token, loan.loanId, { one_time: Array.from({ length: 13 }, () => ({ date: '2028-02-01', amount: 1000 })) });
    expect(errorsOf(tooMany)).toEqual([WHAT_IF_MSG.tooMany]);
    const foreign = await simulate(other.token, loan.loanId, { recurring: { amount: 1000 } });
    expect(foreign.statusCode).toBe(404);
    expect((await call(app, { method: 'POST', url: `/api/loans/${loan.loanId}/what_if`, payload: {} })).statusCode).toBe(401);
  });

  it('an extra amount with every installment: $100.00 more each time shortens the loan and saves interest', async () => {
    const r = (await simulate(loan.token, loan.loanId, { recurring: { amount: 10000 } })).json<TWhatIfResponse>();
    expect(r.interest_saved).toBeGreaterThan(0);
    expect(r.scenario.payoff_date <= r.baseline.payoff_date).toBe(true);
    expect(r.scenario.total_paid - r.scenario.interest).toBe(100000);
  });
});

describe('repayment tracker (payroll allotments)', () => {
  let payroll: FundedLoan;
  let silent: FundedLoan;
  beforeAll(async () => {
    payroll = await fundedLoan(app, { disbursementDate: '2028-01-03', firstPaymentDate: '2028-02-03', allotment: true });
    silent = await fundedLoan(app, { disbursementDate: '2028-01-03', firstPaymentDate: '2028-02-03', allotment: true });
    await app.ctx.repos.loanBook.setBusinessDateOverride(parseIsoDate('2028-04-10'), null, NOW);
    const remit = (lines: { employer: string; pay_date: string; borrower_identifier: string; amount: number }[]) =>
      call(app, { method: 'POST', url: '/api/backoffice/remittances', headers: auth(servicer), payload: { lines } });
    const res = await remit([
      { employer: payroll.employer, pay_date: '2028-02-03', borrower_identifier: payroll.identifier, amount: 34002 },
      { employer: payroll.employer, pay_date: '2028-03-03', borrower_identifier: payroll.identifier, amount: 20000 },
      // The right loan number under another employer's name: suspense (employer_mismatch).
      { employer: 'Another Employer Inc', pay_date: '2028-04-03', borrower_identifier: payroll.identifier, amount: 34003 },
    ]);
    expect(res.statusCode, res.body).toBe(200);
  });

  const tracker = (who: FundedLoan, loanId = who.loanId) => get(who.token, `/loans/${loanId}/repayment_tracker`);

  it('per pay date: received, short by $140.02, in suspense — each with the reason and what to do', async () => {
    const res = await tracker(payroll);
    expect(res.statusCode, res.body).toBe(200);
    const t = res.json<TRepaymentTrackerResponse>();
    expect(t).toMatchObject({ loan_id: payroll.loanId, payroll: true, employer: payroll.employer, as_of: '2028-04-10' });
    expect(t.pay_dates.map((r) => [r.pay_date, r.expected, r.received, r.in_suspense, r.status])).toEqual([
      ['2028-02-03', 34002, 34002, 0, 'received'],
      ['2028-03-03', 34002, 20000, 0, 'short'],
      ['2028-04-03', 34003, 0, 34003, 'in_suspense'],
    ]);
    expect(t.pay_dates[1]!.reason).toBe('Your employer remitted $200.00 of the $340.02 expected: $140.02 short.');
    expect(t.pay_dates[1]!.action).toContain('Pay the $140.02 difference online');
    expect(t.pay_dates[2]!.action).toContain('our servicing team is matching it');
  });

  it('the borrower was told at import that the 03/03/2028 deduction was short (only that one)', async () => {
    const notes = await app.ctx.database.db.select().from(notifications).where(eq(notifications.userId, payroll.userId));
    expect(notes.map((n) => n.message)).toEqual([
      "Your employer's payroll deduction for 03/03/2028 was $200.00, $140.02 less than your $340.02 payment. See Payroll deductions in Loans & Payments for what to do.",
    ]);
  });

  it('nothing remitted a week after the pay dates: missing, with what to do', async () => {
    const t = (await tracker(silent)).json<TRepaymentTrackerResponse>();
    expect(t.pay_dates.map((r) => r.status)).toEqual(['missing', 'missing', 'missing']);
    expect(t.pay_dates[0]!.action).toBe(
      'Check your pay stub for the loan deduction. If it is missing, ask your payroll office to restart the allotment, and pay $340.02 online so your loan stays current.',
    );
  });

  it('a loan repaid online has no tracker; another member’s loan is 404; no session is 401', async () => {
    const t = (await tracker(loan)).json<TRepaymentTrackerResponse>();
    expect(t).toMatchObject({ payroll: false, pay_dates: [] });
    expect((await tracker(silent, payroll.loanId)).statusCode).toBe(404);
    expect((await get(null, `/loans/${payroll.loanId}/repayment_tracker`)).statusCode).toBe(401);
  });
});
