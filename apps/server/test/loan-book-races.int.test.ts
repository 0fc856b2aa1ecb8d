import { PAYMENT_MSG } from '@payrail/contract/servicing';
import type { TPaymentResponse, TPayoffResponse, TServicingLoan } from '@payrail/contract/servicing';
import { isBusinessDay } from '@payrail/domain/calendar';
import { addDays, parseIsoDate } from '@payrail/domain/dates';
import type { IsoDate } from '@payrail/domain/dates';
import { formatUsd, cents } from '@payrail/domain/money';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerEntries, loanTransactions, loans } from '../src/db/schema/index';
import { runDailyServicing } from '../src/modules/loan-book/use-cases/daily-run';
import { classicApp } from './application-helpers';
import { auth, call } from './identity-helpers';
import { fundedBorrower, saveCard } from './servicing-helpers';
import type { TestApp } from './test-app';

/**
 * The loan book's lock (docs/servicing.md, "The loan book"): every command that takes money locks the loan
 * row and checks what is owed INCLUDING what is already on its way — parallel requests with different
 * Idempotency-Keys (two tabs, a double click, a retrying client) take the money once. Runs on PGlite and,
 * with TEST_DB=postgres, on PostgreSQL (where the requests really run in parallel transactions).
 */
let app: TestApp;
beforeAll(async () => {
  app = await classicApp({ config: { requireHumanReview: true } });
  await setBusinessDate(null);
});
afterAll(async () => {
  await setBusinessDate(null);
  await app.close();
});

const db = () => app.ctx.database.db;
const setBusinessDate = (d: string | null) => app.ctx.repos.loanBook.setBusinessDateOverride(d === null ? null : parseIsoDate(d), null, app.ctx.now());
let keyN = 0;
const newKey = () => `race-${Date.now().toString(36)}-${String(++keyN)}`;
const pay = (token: string, body: Record<string, unknown>) =>
  call(app, { method: 'POST', url: '/api/request_payment', headers: { ...auth(token), 'idempotency-key': newKey() }, payload: body });
const pull = (token: string, card: Record<string, unknown>) =>
  call(app, { method: 'POST', url: '/api/create_pull_transaction', headers: { ...auth(token), 'idempotency-key': newKey() }, payload: { card } });
const quote = async (token: string, loanId: number, date: string) => {
  const res = await call(app, { url: `/api/${loanId}/payoff/${date}`, headers: auth(token) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<TPayoffResponse>();
};
const errorsOf = (res: { json: <T>() => T }) => res.json<{ error_messages: string[] }>().error_messages;
const loanRecord = async (token: string) => (await call(app, { url: '/api/loans/last', headers: auth(token) })).json<{ loan: TServicingLoan }>().loan;
const txsOf = (loanId: number) => db().select().from(loanTransactions).where(eq(loanTransactions.loanId, loanId));

/** A funded borrower whose servicing starts on the loan's disbursement date (a business day). */
async function borrower() {
  await setBusinessDate(null);
  const who = await fundedBorrower(app);
  await setBusinessDate(who.loan.disbursement_date);
  return who;
}

describe('payoff requests in parallel', () => {
  it('20 simultaneous payoff requests with different keys: exactly one accepted, the others 422', async () => {
    const who = await borrower();
    const date = who.loan.disbursement_date;
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => pay(who.token, { method: 'ach', mode: 'payoff', loan_id: who.loan.id, scheduling: { date } })),
    );
    const accepted = answers.filter((a) => a.statusCode === 200);
    expect(accepted, answers.map((a) => a.body).join('\n')).toHaveLength(1);
    for (const a of answers.filter((x) => x.statusCode !== 200)) {
      expect(a.statusCode).toBe(422);
      expect(errorsOf(a)[0]).toMatch(/^A payoff of this loan is already on its way/);
    }
    const payoffs = (await txsOf(who.loan.id)).filter((t) => t.mode === 'payoff' && t.status === 'scheduled');
    expect(payoffs).toHaveLength(1);
    expect(payoffs[0]!.amountCents).toBe((await quote(who.token, who.loan.id, date)).payoff_amount);
    // Nothing more can be paid while it is on its way; the quote says so.
    const after = await quote(who.token, who.loan.id, date);
    expect(after.payable_amount).toBe(0);
    const more = await pay(who.token, { method: 'ach', mode: 'one_time', loan_id: who.loan.id, amount: 2000, scheduling: { date } });
    expect(more.statusCode).toBe(422);
  });

  it('a payoff replaces the payments still scheduled (canceled in its transaction)', async () => {
    const who = await borrower();
    const date = who.loan.disbursement_date;
    const later = addDays(parseIsoDate(date), 3);
    const one = await pay(who.token, { method: 'ach', mode: 'one_time', loan_id: who.loan.id, amount: 5000, scheduling: { date: later } });
    expect(one.statusCode, one.body).toBe(200);
    const payoff = await pay(who.token, { method: 'ach', mode: 'payoff', loan_id: who.loan.id, scheduling: { date } });
    expect(payoff.statusCode, payoff.body).toBe(200);
    const rows = await txsOf(who.loan.id);
    expect(rows.find((t) => t.id === one.json<TPaymentResponse>().transaction.id)!.status).toBe('canceled');
    expect(rows.filter((t) => t.status === 'scheduled').map((t) => t.mode)).toEqual(['payoff']);
  });
});

describe('one-time payments of 60 % of the payoff', () => {
  it('20 in parallel: exactly one accepted', async () => {
    const who = await borrower();
    const date = who.loan.disbursement_date;
    const amount = Math.floor((await quote(who.token, who.loan.id, date)).payoff_amount * 0.6);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => pay(who.token, { method: 'ach', mode: 'one_time', loan_id: who.loan.id, amount, scheduling: { date } })),
    );
    expect(
      answers.filter((a) => a.statusCode === 200),
      answers.map((a) => a.body).join('\n'),
    ).toHaveLength(1);
    for (const a of answers.filter((x) => x.statusCode !== 200)) expect(a.statusCode).toBe(422);
    expect((await txsOf(who.loan.id)).filter((t) => t.mode === 'one_time' && t.status === 'scheduled')).toHaveLength(1);
  });

  it('one at a time: the second is 422 and says what can still be paid; the quote and the form limit agree', async () => {
    const who = await borrower();
    const date = who.loan.disbursement_date;
    const payoff = (await quote(who.token, who.loan.id, date)).payoff_amount;
    const amount = Math.floor(payoff * 0.6);
    const first = await pay(who.token, { method: 'ach', mode: 'one_time', loan_id: who.loan.id, amount, scheduling: { date } });
    expect(first.statusCode, first.body).toBe(200);
    const second = await pay(who.token, { method: 'ach', mode: 'one_time', loan_id: who.loan.id, amount, scheduling: { date } });
    expect(second.statusCode).toBe(422);
    expect(errorsOf(second)).toEqual([PAYMENT_MSG.amountAboveLimit(formatUsd(cents(payoff - amount)), formatUsd(cents(amount)))]);
    const q = await quote(who.token, who.loan.id, date);
    expect(q).toMatchObject({ payoff_amount: payoff, payable_amount: payoff - amount, on_its_way_amount: amount });
    // Exactly the rest is accepted.
    const rest = await pay(who.token, { method: 'ach', mode: 'one_time', loan_id: who.loan.id, amount: payoff - amount, scheduling: { date } });
    expect(rest.statusCode, rest.body).toBe(200);
  });
});

describe('debit-card pulls of 60 % of the payoff', () => {
  it('20 in parallel: exactly one charged and posted', async () => {
    const who = await borrower();
    const card = await saveCard(app, who.token, '4242424242424242');
    const amount = Math.floor((await quote(who.token, who.loan.id, who.loan.disbursement_date)).payoff_amount * 0.6);
    const answers = await Promise.all(Array.from({ length: 20 }, () => pull(who.token, { account: card, amount, loan_id: who.loan.id })));
    expect(
      answers.filter((a) => a.statusCode === 200),
      answers.map((a) => a.body).join('\n'),
    ).toHaveLength(1);
    for (const a of answers.filter((x) => x.statusCode !== 200)) expect(a.statusCode).toBe(422);
    const cardTxs = (await txsOf(who.loan.id)).filter((t) => t.method === 'debitcard');
    expect(cardTxs).toHaveLength(1);
    expect(cardTxs[0]!.status).toBe('settled');
    const posted = await db()
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.loanId, who.loan.id), eq(ledgerEntries.kind, 'one_time_payment')));
    expect(posted.map((e) => e.amountCents)).toEqual([amount]);
  });

  it('a card pull counts the ACH payments on their way', async () => {
    const who = await borrower();
    // A business day no daily run has reached (the runs of other tests stop years before, at 2031 at most): an ACH payment
    // asked for today is taken today, so it is on its way when the card is pulled.
    const today = '2039-03-08';
    await setBusinessDate(today);
    const card = await saveCard(app, who.token, '4242424242424242');
    const q = await quote(who.token, who.loan.id, today);
    expect(q.date).toBe(today);
    const amount = Math.floor(q.payoff_amount * 0.6);
    expect((await pay(who.token, { method: 'ach', mode: 'one_time', loan_id: who.loan.id, amount, scheduling: { date: today } })).statusCode).toBe(200);
    const refused = await pull(who.token, { account: card, amount, loan_id: who.loan.id });
    expect(refused.statusCode).toBe(422);
    expect(errorsOf(refused)).toEqual([PAYMENT_MSG.amountAboveLimit(formatUsd(cents(q.payoff_amount - amount)), formatUsd(cents(amount)))]);
    expect((await txsOf(who.loan.id)).filter((t) => t.method === 'debitcard')).toHaveLength(0);
  });

  it('an ACH payment taken after a card payment takes only what is still owed, and the loan closes at zero', async () => {
    const who = await borrower();
    const card = await saveCard(app, who.token, '4242424242424242');
    const date = parseIsoDate(who.loan.disbursement_date);
    // Today's debits have gone out: the ACH payment asked for today moves to the next business day.
    await runDailyServicing(app.ctx, { from: date, through: date });
    const q = await quote(who.token, who.loan.id, date);
    expect(q.date > date).toBe(true);
    const amount = Math.floor(q.payoff_amount * 0.6);
    expect((await pay(who.token, { method: 'ach', mode: 'one_time', loan_id: who.loan.id, amount, scheduling: { date } })).statusCode).toBe(200);
    expect((await pull(who.token, { account: card, amount, loan_id: who.loan.id })).statusCode).toBe(200);
    await runDailyServicing(app.ctx, { from: addDays(date, 1), through: q.date as IsoDate });
    const sent = (await txsOf(who.loan.id)).find((t) => t.method === 'ach' && t.mode === 'one_time')!;
    expect(sent.status).toBe('pending');
    expect(sent.amountCents).toBeLessThan(amount);
    const posted = (await db().select().from(ledgerEntries).where(eq(ledgerEntries.transactionId, sent.id)))[0]!;
    expect(posted.amountCents).toBe(sent.amountCents);
    await setBusinessDate(q.date);
    expect(await loanRecord(who.token)).toMatchObject({ loan_status: 'closed_paid', outstanding_balance: 0 });
  });
});

describe('a payoff dated on a weekend', () => {
  it('is quoted and taken for the next business day, and closes the loan at zero', async () => {
    const who = await borrower();
    let saturday = addDays(parseIsoDate(who.loan.disbursement_date), 1);
    while (new Date(`${saturday}T00:00:00Z`).getUTCDay() !== 6) saturday = addDays(saturday, 1);
    let monday: IsoDate = addDays(saturday, 2);
    while (!isBusinessDay(monday)) monday = addDays(monday, 1);
    const q = await quote(who.token, who.loan.id, saturday);
    expect(q.date).toBe(monday);
    const res = await pay(who.token, { method: 'ach', mode: 'payoff', loan_id: who.loan.id, scheduling: { date: saturday } });
    expect(res.statusCode, res.body).toBe(200);
    const t = res.json<TPaymentResponse>().transaction;
    expect(t).toMatchObject({ due_date: monday, amount: q.payoff_amount });

    await runDailyServicing(app.ctx, { from: parseIsoDate(who.loan.disbursement_date), through: monday });
    await setBusinessDate(monday);
    const [loan] = await db().select().from(loans).where(eq(loans.id, who.loan.id));
    expect(loan!.status).toBe('closed_paid');
    const record = await loanRecord(who.token);
    expect(record).toMatchObject({ loan_status: 'closed_paid', outstanding_balance: 0 });
    const payoffEntry = (await db().select().from(ledgerEntries).where(eq(ledgerEntries.loanId, who.loan.id))).find((e) => e.kind === 'payoff');
    expect(payoffEntry).toMatchObject({ effectiveDate: monday, amountCents: q.payoff_amount });
  });

  it("asked for today after today's daily run went out: quoted and taken on the next business day, and closes the loan at zero", async () => {
    const who = await borrower();
    const today = parseIsoDate(who.loan.disbursement_date);
    await runDailyServicing(app.ctx, { from: today, through: today });
    let next: IsoDate = addDays(today, 1);
    while (!isBusinessDay(next)) next = addDays(next, 1);
    const q = await quote(who.token, who.loan.id, today);
    expect(q.date).toBe(next);
    const res = await pay(who.token, { method: 'ach', mode: 'payoff', loan_id: who.loan.id, scheduling: { date: today } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<TPaymentResponse>().transaction).toMatchObject({ due_date: next, amount: q.payoff_amount });
    await runDailyServicing(app.ctx, { from: addDays(today, 1), through: next });
    await setBusinessDate(next);
    expect(await loanRecord(who.token)).toMatchObject({ loan_status: 'closed_paid', outstanding_balance: 0 });
  });
});
