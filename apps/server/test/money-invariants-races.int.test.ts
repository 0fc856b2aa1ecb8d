/**
 * The money rules checked from outside (docs/servicing.md, "The loan book"), through the real API: what the
 * borrower authorised runs, nothing is taken beyond what is owed INCLUDING what is on its way, nothing is
 * taken twice, every amount is integer cents, and right after each move the borrower's figures, the
 * servicer's and the ledger agree. Competing commands run in parallel (Promise.all, different
 * Idempotency-Keys); on PostgreSQL (TEST_DB=postgres) they really run in parallel transactions.
 */
import { PAYMENT_MSG } from '@payrail/contract/servicing';
import type { TPaymentResponse } from '@payrail/contract/servicing';
import type { TAchReturnsResponse } from '@payrail/contract/servicing-backoffice';
import { isBusinessDay } from '@payrail/domain/calendar';
import { addDays, parseIsoDate } from '@payrail/domain/dates';
import type { IsoDate } from '@payrail/domain/dates';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loans } from '../src/db/schema/index';
import { runDailyServicing } from '../src/modules/loan-book/use-cases/daily-run';
import { scheduleOfRecord } from '../src/modules/loan-book/use-cases/loan-position';
import { classicApp, staffToken } from './application-helpers';
import { auth, call } from './identity-helpers';
import { errorsOf, fundedBorrowerRepaying, saveCard } from './servicing-helpers';
import { bankReturnFile } from './support/bank-return-file';
import { moneyKit, nextBusiness, nextOrSame, PAYMENT_KINDS, usDate } from './support/money-kit';
import type { TestApp } from './test-app';

let app: TestApp;
let servicer: string;
beforeAll(async () => {
  app = await classicApp({ config: { requireHumanReview: true } });
  await setBusinessDate(null);
  servicer = await staffToken(app, 'servicer@payrail.test');
}, 240_000);
afterAll(async () => {
  await setBusinessDate(null);
  await app.close();
});

const { db, setBusinessDate, pay, pull, quote, ledgerOn, txsOf, entriesOf, borrower, expectFiguresAgree } = moneyKit(() => app, {
  keyPrefix: 'money-inv',
  servicer: () => servicer,
});
const cancel = (token: string, id: number) => call(app, { method: 'PATCH', url: `/api/transactions/cancel/${id}`, headers: auth(token) });
describe('amounts that are not money', () => {
  it('0, negative, fractional, exponent, too long, above the payoff, and on a closed loan: 4xx, nothing written', async () => {
    const who = await borrower();
    const date = who.loan.disbursement_date;
    const card = await saveCard(app, who.token, '4242424242424242');
    const payoff = (await quote(who.token, who.loan.id, date)).payoff_amount;
    const bad: unknown[] = [
      0,
      -1,
      -1000,
      1000.5,
      10.25,
      '1e4',
      '10.50',
      ' -2000',
      'NaN',
      1e21,
      '12345678901',
      Number.MAX_SAFE_INTEGER + 2,
      true,
      [],
      {},
      payoff + 1,
    ];
    for (const amount of bad) {
      const ach = await pay(who.token, { method: 'ach', mode: 'one_time', loan_id: who.loan.id, amount, scheduling: { date } });
      expect(ach.statusCode, `ACH ${JSON.stringify(amount)}: ${ach.body}`).toBe(422);
      expect(errorsOf(ach).length).toBeGreaterThan(0);
      const byCard = await pull(who.token, { account: card, amount, loan_id: who.loan.id });
      expect(byCard.statusCode, `card ${JSON.stringify(amount)}: ${byCard.body}`).toBe(422);
    }
    // A payoff with an amount other than the quote.
    for (const amount of [payoff - 1, payoff + 1, 0, -payoff]) {
      const res = await pay(who.token, { method: 'ach', mode: 'payoff', loan_id: who.loan.id, amount, scheduling: { date } });
      expect(res.statusCode, `payoff ${String(amount)}: ${res.body}`).toBe(422);
    }
    expect(await txsOf(who.loan.id)).toEqual([]);
    expect((await entriesOf(who.loan.id)).map((e) => e.kind)).toEqual(['disbursement']);

    // Paid off by card: the loan is closed and nothing more is taken, by either channel. A card payment is taken
    // today, so it pays what the ledger owes today: the quote above is the ACH one, which settles on the next
    // business day (a day of interest more) once today's daily run has gone out (the database is one per worker:
    // an earlier file may have run it).
    const owedToday = (await ledgerOn(who.loan.id, parseIsoDate(date))).position.outstandingCents;
    expect(owedToday).toBeLessThanOrEqual(payoff);
    expect((await pull(who.token, { account: card, amount: owedToday + 1, loan_id: who.loan.id })).statusCode).toBe(422);
    expect((await pull(who.token, { account: card, amount: owedToday, loan_id: who.loan.id })).statusCode).toBe(200);
    await expectFiguresAgree(who, parseIsoDate(date));
    for (const res of [
      await pay(who.token, { method: 'ach', mode: 'one_time', loan_id: who.loan.id, amount: 1000, scheduling: { date } }),
      await pay(who.token, { method: 'ach', mode: 'payoff', loan_id: who.loan.id, scheduling: { date } }),
      await pull(who.token, { account: card, amount: 1000, loan_id: who.loan.id }),
    ])
      expect(res.statusCode, res.body).toBe(422);
    expect((await entriesOf(who.loan.id)).filter((e) => PAYMENT_KINDS.has(e.kind)).map((e) => e.amountCents)).toEqual([owedToday]);
  });
});

describe('competing commands in parallel', () => {
  it('20 mixed requests (payoffs, one-time ACH and card pulls of 60 %): never more than the payoff is taken or on its way', async () => {
    const who = await borrower();
    const date = who.loan.disbursement_date;
    const card = await saveCard(app, who.token, '4242424242424242');
    const payoff = (await quote(who.token, who.loan.id, date)).payoff_amount;
    const amount = Math.floor(payoff * 0.6);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        i % 3 === 0
          ? pay(who.token, { method: 'ach', mode: 'payoff', loan_id: who.loan.id, scheduling: { date } })
          : i % 3 === 1
            ? pay(who.token, { method: 'ach', mode: 'one_time', loan_id: who.loan.id, amount, scheduling: { date } })
            : pull(who.token, { account: card, amount, loan_id: who.loan.id }),
      ),
    );
    for (const a of answers) expect([200, 422], a.body).toContain(a.statusCode);
    expect(answers.some((a) => a.statusCode === 200)).toBe(true);
    const txs = await txsOf(who.loan.id);
    const onItsWay = txs.filter((t) => t.status === 'scheduled');
    const posted = (await entriesOf(who.loan.id)).filter((e) => PAYMENT_KINDS.has(e.kind));
    const taken = posted.reduce((s, e) => s + e.amountCents, 0) + onItsWay.reduce((s, t) => s + t.amountCents, 0);
    expect(taken, JSON.stringify({ onItsWay, posted })).toBeLessThanOrEqual(payoff);
    // At most one payoff on its way, and when there is one nothing else is.
    const payoffs = onItsWay.filter((t) => t.mode === 'payoff');
    expect(payoffs.length).toBeLessThanOrEqual(1);
    if (payoffs.length === 1) expect(onItsWay).toHaveLength(1);
    // Card charges the answer called refused were not written (one row per accepted pull).
    expect(txs.filter((t) => t.method === 'debitcard')).toHaveLength(posted.filter((e) => e.kind === 'one_time_payment').length);
    // The day's run takes what is on its way; the loan ends at zero or owes exactly what is left.
    await runDailyServicing(app.ctx, { from: parseIsoDate(date), through: parseIsoDate(date) });
    const { position } = await expectFiguresAgree(who, parseIsoDate(date));
    expect(position.unappliedCents).toBe(0);
  });

  it('20 parallel one-time payments of 60 % asked for a Saturday: one accepted, for the Monday, and the quote agrees', async () => {
    const who = await borrower();
    let saturday = addDays(parseIsoDate(who.loan.disbursement_date), 1);
    while (new Date(`${saturday}T00:00:00Z`).getUTCDay() !== 6) saturday = addDays(saturday, 1);
    await setBusinessDate(saturday);
    const monday = nextBusiness(saturday);
    const q = await quote(who.token, who.loan.id, saturday);
    expect(q.date).toBe(monday);
    const amount = Math.floor(q.payoff_amount * 0.6);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => pay(who.token, { method: 'ach', mode: 'one_time', loan_id: who.loan.id, amount, scheduling: { date: saturday } })),
    );
    const ok = answers.filter((a) => a.statusCode === 200);
    expect(ok, answers.map((a) => a.body).join('\n')).toHaveLength(1);
    expect(ok[0]!.json<TPaymentResponse>().transaction).toMatchObject({ due_date: monday, amount });
    expect(await quote(who.token, who.loan.id, saturday)).toMatchObject({ payable_amount: q.payoff_amount - amount, on_its_way_amount: amount });
    // The rest exactly, by payoff on the Saturday: the Monday's quote less what is on its way.
    const rest = await pay(who.token, { method: 'ach', mode: 'payoff', loan_id: who.loan.id, scheduling: { date: saturday } });
    expect(rest.statusCode, rest.body).toBe(200);
    // The payoff replaced the one-time payment (canceled in its transaction): one debit of the whole quote.
    expect(rest.json<TPaymentResponse>().transaction).toMatchObject({ due_date: monday, amount: q.payoff_amount });
    await runDailyServicing(app.ctx, { from: parseIsoDate(who.loan.disbursement_date), through: monday });
    await setBusinessDate(monday);
    const { position } = await expectFiguresAgree(who, monday);
    expect(position).toMatchObject({ outstandingCents: 0, unappliedCents: 0 });
  });

  it('a cancel racing the run that sends the payment: exactly one wins, and the ledger says the same', async () => {
    const who = await borrower();
    const today = parseIsoDate(who.loan.disbursement_date);
    const ids: number[] = [];
    for (let i = 0; i < 5; i += 1) {
      const res = await pay(who.token, { method: 'ach', mode: 'one_time', loan_id: who.loan.id, amount: 1000 + i, scheduling: { date: today } });
      expect(res.statusCode, res.body).toBe(200);
      ids.push(res.json<TPaymentResponse>().transaction.id);
    }
    const [, ...cancels] = await Promise.all([runDailyServicing(app.ctx, { from: today, through: today }), ...ids.map((id) => cancel(who.token, id))]);
    const txs = await txsOf(who.loan.id);
    const entries = await entriesOf(who.loan.id);
    ids.forEach((id, i) => {
      const t = txs.find((x) => x.id === id)!;
      const posted = entries.filter((e) => e.transactionId === id);
      if (cancels[i]!.statusCode === 200) {
        expect(t.status, `${String(id)} canceled`).toBe('canceled');
        expect(posted).toEqual([]);
      } else {
        expect(cancels[i]!.statusCode, cancels[i]!.body).toBe(409);
        expect(t.status).toBe('pending');
        expect(posted.map((e) => e.amountCents)).toEqual([t.amountCents]);
      }
    });
    await expectFiguresAgree(who, today);
  });
});

describe('a payoff and the auto-debit the borrower authorised', () => {
  it('a payoff on the auto-debit date replaces the debit; the run takes the payoff only and the loan closes at zero; its return (R01) reopens the loan, is presented again once, and nothing else is taken meanwhile', async () => {
    await setBusinessDate(null);
    const who = await fundedBorrowerRepaying(app, 1);
    const start = parseIsoDate(who.loan.disbursement_date);
    await setBusinessDate(start);
    // The run creates the authorised debit on its due date (the next business day for a weekend or holiday).
    let due = parseIsoDate(who.loan.first_payment_date);
    while (!isBusinessDay(due)) due = addDays(due, 1);
    // The business date walks to the day before the debit; the payoff is asked for the debit's day.
    const eve = addDays(due, -1);
    await runDailyServicing(app.ctx, { from: start, through: eve });
    await setBusinessDate(eve);
    expect((await txsOf(who.loan.id)).filter((t) => t.status === 'scheduled')).toEqual([]);
    const q = await quote(who.token, who.loan.id, due);
    expect(q.date).toBe(due);
    const payoff = await pay(who.token, { method: 'ach', mode: 'payoff', loan_id: who.loan.id, scheduling: { date: due } });
    expect(payoff.statusCode, payoff.body).toBe(200);
    const payoffTx = payoff.json<TPaymentResponse>().transaction;
    expect(payoffTx.amount).toBe(q.payoff_amount);

    const paidOn = q.date as IsoDate;
    await runDailyServicing(app.ctx, { from: addDays(eve, 1), through: addDays(paidOn, 3) });
    await setBusinessDate(addDays(paidOn, 3));
    const payments = (await entriesOf(who.loan.id)).filter((e) => PAYMENT_KINDS.has(e.kind));
    expect(payments.map((e) => [e.kind, e.amountCents, e.effectiveDate])).toEqual([['payoff', q.payoff_amount, paidOn]]);
    expect((await txsOf(who.loan.id)).filter((t) => t.status === 'scheduled')).toEqual([]);
    const closed = await expectFiguresAgree(who, addDays(paidOn, 3));
    expect(closed.row.status).toBe('closed_paid');

    // The bank returns the payoff (R01): the loan is open again and every reader says what is owed.
    const sent = (await txsOf(who.loan.id)).find((t) => t.id === payoffTx.id)!;
    expect(sent.achTraceNumber).toMatch(/^\d{15}$/);
    let returnDay = addDays(paidOn, 3);
    while (!isBusinessDay(returnDay)) returnDay = addDays(returnDay, 1);
    await setBusinessDate(returnDay);
    const upload = await call(app, {
      method: 'POST',
      url: '/api/backoffice/ach/returns',
      headers: { ...auth(servicer), 'content-type': 'text/plain' },
      payload: bankReturnFile([{ trace: sent.achTraceNumber!, code: 'R01', amountCents: sent.amountCents }], {
        of: 'debits',
        on: returnDay,
        individualId: who.loan.identifier,
      }),
    });
    expect(upload.statusCode, upload.body).toBe(200);
    expect(upload.json<TAchReturnsResponse>().applied).toHaveLength(1);
    const reopened = await expectFiguresAgree(who, returnDay);
    expect(reopened.row.status).not.toBe('closed_paid');
    expect(reopened.position.outstandingCents).toBeGreaterThan(0);
    // NACHA: an R01 is presented again (at most twice, within 180 days). The re-presented payoff is on its way,
    // so 20 parallel payoffs and a one-time payment asked now are all refused: nothing is taken twice.
    const again = (await txsOf(who.loan.id)).filter((t) => t.status === 'scheduled');
    expect(again.map((t) => [t.mode, t.retryOfId, t.amountCents])).toEqual([['payoff', sent.id, sent.amountCents]]);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        i % 2 === 0
          ? pay(who.token, { method: 'ach', mode: 'payoff', loan_id: who.loan.id, scheduling: { date: returnDay } })
          : pay(who.token, { method: 'ach', mode: 'one_time', loan_id: who.loan.id, amount: 1000, scheduling: { date: returnDay } }),
      ),
    );
    for (const a of answers) expect([a.statusCode, errorsOf(a)[0]]).toEqual([422, PAYMENT_MSG.payoffOnItsWay(usDate(again[0]!.scheduledDate))]);
    expect((await txsOf(who.loan.id)).filter((t) => t.status === 'scheduled')).toHaveLength(1);
    // The re-presentment takes at most what is owed on its day; every reader agrees after it.
    const represented = parseIsoDate(again[0]!.scheduledDate);
    await runDailyServicing(app.ctx, { from: addDays(paidOn, 4), through: represented });
    await setBusinessDate(represented);
    // Applied in full (no credit made by our own debit), and closed exactly when nothing is owed.
    const end = await expectFiguresAgree(who, represented);
    expect(end.position.unappliedCents).toBe(0);
    const retried = (await entriesOf(who.loan.id)).filter((e) => e.transactionId === again[0]!.id);
    expect(retried.map((e) => e.kind)).toEqual(['payoff']);
  });
});

describe('a payoff dated after the next due dates', () => {
  it('the installments the borrower authorised are still debited on their dates (never past due, no late fee); the payoff takes only what is left and the loan closes at zero', async () => {
    await setBusinessDate(null);
    const who = await fundedBorrowerRepaying(app, 1);
    const start = parseIsoDate(who.loan.disbursement_date);
    await setBusinessDate(start);
    const later = nextBusiness(addDays(start, 45));
    const q = await quote(who.token, who.loan.id, later);
    const payoff = await pay(who.token, { method: 'ach', mode: 'payoff', loan_id: who.loan.id, scheduling: { date: later } });
    expect(payoff.statusCode, payoff.body).toBe(200);
    expect(payoff.json<TPaymentResponse>().transaction).toMatchObject({ due_date: later, amount: q.payoff_amount });
    for (let day = start; day <= later; day = addDays(day, 1)) {
      await runDailyServicing(app.ctx, { from: day, through: day });
      await setBusinessDate(day);
      const { position } = await expectFiguresAgree(who, day);
      // A due date on a weekend or holiday is debited on the next business day: past due by a day or two until then.
      if (isBusinessDay(day)) expect(position.daysPastDue, `days past due on ${day}`).toBe(0);
    }
    const entries = await entriesOf(who.loan.id);
    const trail = JSON.stringify(entries.map((e) => [e.kind, e.amountCents, e.effectiveDate]));
    const [row] = await db().select().from(loans).where(eq(loans.id, who.loan.id));
    const dueBefore = scheduleOfRecord(row!).rows.filter((r) => r.dueDate > start && nextOrSame(r.dueDate as IsoDate) < later).length;
    expect(dueBefore, 'installments fall due before the payoff').toBeGreaterThan(0);
    expect(
      entries.filter((e) => e.kind === 'scheduled_debit'),
      trail,
    ).toHaveLength(dueBefore);
    expect(
      entries.filter((e) => e.kind === 'late_fee'),
      trail,
    ).toEqual([]);
    const end = await expectFiguresAgree(who, later);
    expect(end.row.status, trail).toBe('closed_paid');
    expect(end.position).toMatchObject({ outstandingCents: 0, unappliedCents: 0 });
    // The payoff took what was left, less than its quote: nothing beyond what was owed.
    const took = entries.find((e) => e.kind === 'payoff')!;
    expect(took.amountCents).toBeLessThan(q.payoff_amount);
  });
});

describe('a payoff dated after the auto-debit date, canceled after that date', () => {
  it('the installment the borrower authorised was debited on its date (no missed payment, no late fee)', async () => {
    await setBusinessDate(null);
    const who = await fundedBorrowerRepaying(app, 1);
    const start = parseIsoDate(who.loan.disbursement_date);
    let due = parseIsoDate(who.loan.first_payment_date);
    while (!isBusinessDay(due)) due = addDays(due, 1);
    const eve = addDays(due, -1);
    await runDailyServicing(app.ctx, { from: start, through: eve });
    await setBusinessDate(eve);
    // A payoff asked for a week after the debit's date: the run creates no auto-debit while it is on its way.
    const later = nextBusiness(addDays(due, 5));
    const payoff = await pay(who.token, { method: 'ach', mode: 'payoff', loan_id: who.loan.id, scheduling: { date: later } });
    expect(payoff.statusCode, payoff.body).toBe(200);
    await runDailyServicing(app.ctx, { from: addDays(eve, 1), through: addDays(due, 1) });
    await setBusinessDate(addDays(due, 1));
    // The borrower changes their mind and cancels the payoff.
    const canceled = await cancel(who.token, payoff.json<TPaymentResponse>().transaction.id);
    expect(canceled.statusCode, canceled.body).toBe(200);
    const end = nextOrSame(addDays(due, 20));
    await runDailyServicing(app.ctx, { from: addDays(due, 2), through: end });
    await setBusinessDate(end);
    const entries = await entriesOf(who.loan.id);
    const txs = await txsOf(who.loan.id);
    const trail = JSON.stringify({
      entries: entries.map((e) => [e.kind, e.amountCents, e.effectiveDate]),
      txs: txs.map((t) => [t.mode, t.status, t.amountCents, t.scheduledDate]),
    });
    // What the borrower authorised runs: installment 1 was debited on its date (the payoff was dated after it).
    expect(
      entries.filter((e) => e.kind === 'scheduled_debit').map((e) => e.effectiveDate),
      trail,
    ).toContain(due);
    expect(
      entries.filter((e) => e.kind === 'late_fee'),
      trail,
    ).toEqual([]);
    const { position } = await expectFiguresAgree(who, end);
    expect(position.daysPastDue, trail).toBe(0);
  });
});
