/**
 * A payoff dated after payments already scheduled (docs/servicing.md, "The loan book"): the payoff for D
 * cancels the payments on their way dated on or after D; those dated before D stay and run on their dates,
 * and the payoff, when sent, takes only what is left — never more than owed, and the loan closes at 0.
 */
import { PAYMENT_MSG } from '@payrail/contract/servicing';
import type { TPaymentResponse } from '@payrail/contract/servicing';
import { isBusinessDay } from '@payrail/domain/calendar';
import { addDays, dayOfWeek, parseIsoDate } from '@payrail/domain/dates';
import type { IsoDate } from '@payrail/domain/dates';
import { cents, formatUsd } from '@payrail/domain/money';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications } from '../src/db/schema/index';
import { errorsOf } from './servicing-helpers';
import { moneyApp, nextBusiness, PAYMENT_KINDS, usDate } from './support/money-kit';

const money = moneyApp({ keyPrefix: 'payoff-after' });
beforeAll(money.setup, 240_000);
afterAll(money.teardown);
const { db, setBusinessDate, pay, quote, txsOf, runDays, borrower, expectFiguresAgree, returnDebit, trailOf, paymentThenPayoff } = money;

/** The first Friday at least `days` after `from` that is a business day, with the Monday after it a business day too. */
function fridayAfter(from: IsoDate, days: number): IsoDate {
  let d = addDays(from, days);
  while (dayOfWeek(d) !== 5 || !isBusinessDay(d) || !isBusinessDay(addDays(d, 3))) d = addDays(d, 1);
  return d;
}

describe('a payoff dated after a scheduled one-time payment', { timeout: 120_000 }, () => {
  it('the earlier payment runs on its date, the one on the payoff day is canceled, the payoff (asked for a Saturday) takes only the rest on the Monday and the loan closes at 0', async () => {
    const who = await borrower();
    const start = parseIsoDate(who.loan.disbursement_date);
    const friday = fridayAfter(start, 2);
    const saturday = addDays(friday, 1);
    const monday = addDays(friday, 3);
    const early = await pay(who.token, { method: 'ach', mode: 'one_time', loan_id: who.loan.id, amount: 5000, scheduling: { date: friday } });
    expect(early.statusCode, early.body).toBe(200);
    // Asked for the Sunday: taken on the Monday, the payoff's day.
    const onPayoffDay = await pay(who.token, { method: 'ach', mode: 'one_time', loan_id: who.loan.id, amount: 3000, scheduling: { date: addDays(friday, 2) } });
    expect(onPayoffDay.statusCode, onPayoffDay.body).toBe(200);
    expect(onPayoffDay.json<TPaymentResponse>().transaction.due_date).toBe(monday);

    const q = await quote(who.token, who.loan.id, saturday);
    expect(q.date).toBe(monday);
    const payoff = await pay(who.token, { method: 'ach', mode: 'payoff', loan_id: who.loan.id, scheduling: { date: saturday } });
    expect(payoff.statusCode, payoff.body).toBe(200);
    // The amount the borrower is shown and authorises: the payoff of its day, not netted.
    expect(payoff.json<TPaymentResponse>().transaction).toMatchObject({ due_date: monday, amount: q.payoff_amount, transaction_mode: 'payoff' });
    const earlyId = early.json<TPaymentResponse>().transaction.id;
    const sameDayId = onPayoffDay.json<TPaymentResponse>().transaction.id;
    const rows = await txsOf(who.loan.id);
    expect(rows.map((t) => [t.id, t.mode, t.status])).toEqual([
      [earlyId, 'one_time', 'scheduled'],
      [sameDayId, 'one_time', 'canceled'],
      [payoff.json<TPaymentResponse>().transaction.id, 'payoff', 'scheduled'],
    ]);
    // What the borrower is told is true: the payment of the payoff day is canceled, the earlier one still goes through.
    const told = (await db().select().from(notifications).where(eq(notifications.userId, who.id))).map((n) => n.message);
    expect(told).toContain(
      `Payoff of ${formatUsd(cents(q.payoff_amount))} for loan ${who.loan.identifier} is scheduled for ${usDate(monday)}. Your payment scheduled before then ($50.00 on ${usDate(friday)}) still goes through: the payoff then takes only what is left.`,
    );
    expect(told).toContain(`Your scheduled payment of $30.00 for loan ${who.loan.identifier} on ${usDate(monday)} was canceled: the payoff pays it.`);
    // Nothing more while the payoff is on its way, not even a payment before it.
    const more = await pay(who.token, { method: 'ach', mode: 'one_time', loan_id: who.loan.id, amount: 1000, scheduling: { date: friday } });
    expect([more.statusCode, errorsOf(more)]).toEqual([422, [PAYMENT_MSG.payoffOnItsWay(usDate(monday))]]);

    await runDays(addDays(start, 1), monday);
    const { entries, trail } = await trailOf(who.loan.id);
    const payments = entries.filter((e) => PAYMENT_KINDS.has(e.kind));
    expect(
      payments.map((e) => [e.kind, e.effectiveDate, e.transactionId]),
      trail,
    ).toEqual([
      ['one_time_payment', friday, earlyId],
      ['payoff', monday, payoff.json<TPaymentResponse>().transaction.id],
    ]);
    expect(payments[0]!.amountCents).toBe(5000);
    // The payoff took the rest: no more than the quote less the earlier payment (it saved interest too).
    expect(payments[1]!.amountCents).toBeLessThanOrEqual(q.payoff_amount - 5000);
    const end = await expectFiguresAgree(who, monday);
    expect(end.row.status, trail).toBe('closed_paid');
    expect(end.position).toMatchObject({ outstandingCents: 0, unappliedCents: 0 });
    expect((await txsOf(who.loan.id)).filter((t) => t.status === 'scheduled')).toEqual([]);
  });

  it.each<['R01' | 'R02', string]>([
    ['R02', 'not presented again: the payoff takes the whole quote'],
    ['R01', 'presented again before the payoff: the payoff takes the rest'],
  ])('the earlier payment comes back (%s) before the payoff is sent, %s, and the loan closes at 0', async (code) => {
    const who = await borrower();
    const start = parseIsoDate(who.loan.disbursement_date);
    const d1 = nextBusiness(start);
    let d2 = d1;
    for (let i = 0; i < 8; i++) d2 = nextBusiness(d2);
    const { q, payoff, sent } = await paymentThenPayoff(who, { amount: 5000, paidOn: d1, payoffOn: d2 });
    const payoffId = payoff.json<TPaymentResponse>().transaction.id;
    expect(sent.achTraceNumber).toMatch(/^\d{15}$/);
    const returnDay = nextBusiness(d1);
    await setBusinessDate(returnDay);
    const upload = await returnDebit(who, sent, code, returnDay);
    expect(upload.statusCode, upload.body).toBe(200);
    const end = addDays(d2, 10);
    await runDays(returnDay, end);
    const { entries, txs, trail } = await trailOf(who.loan.id);
    const payoffEntry = entries.find((e) => e.transactionId === payoffId && e.kind === 'payoff');
    expect(payoffEntry?.effectiveDate, trail).toBe(d2);
    const again = txs.filter((t) => t.retryOfId === sent.id);
    if (code === 'R02') {
      // Nothing else paid before it: the payoff of its day, in full, as authorised.
      expect(again, trail).toEqual([]);
      expect(payoffEntry!.amountCents, trail).toBe(q.payoff_amount);
    } else {
      // NACHA: presented again (before the payoff's day here) and taken; the payoff took only what was left.
      expect(
        again.map((t) => [t.status, t.amountCents, t.scheduledDate < d2]),
        trail,
      ).toEqual([['settled', 5000, true]]);
      expect(payoffEntry!.amountCents, trail).toBeLessThanOrEqual(q.payoff_amount - 5000);
    }
    const after = await expectFiguresAgree(who, end);
    expect(after.row.status, trail).toBe('closed_paid');
    expect(after.position, trail).toMatchObject({ outstandingCents: 0, unappliedCents: 0 });
    // Nothing left scheduled on the closed loan.
    expect(
      txs.filter((t) => t.status === 'scheduled'),
      trail,
    ).toEqual([]);
  });
});

describe('a payment returned and presented again after the payoff day', { timeout: 120_000 }, () => {
  it('the payoff takes the whole quote and closes the loan; the re-presentment dated after it is canceled, not left scheduled', async () => {
    const who = await borrower();
    const start = parseIsoDate(who.loan.disbursement_date);
    const d1 = nextBusiness(start);
    const returnDay = nextBusiness(d1);
    const d2 = nextBusiness(returnDay);
    const { q, sent } = await paymentThenPayoff(who, { amount: 5000, paidOn: d1, payoffOn: d2 });
    await setBusinessDate(returnDay);
    const upload = await returnDebit(who, sent, 'R01', returnDay);
    expect(upload.statusCode, upload.body).toBe(200);
    const again = (await txsOf(who.loan.id)).filter((t) => t.retryOfId === sent.id);
    expect(again).toHaveLength(1);
    expect(again[0]!.scheduledDate > d2, 'presented again after the payoff day').toBe(true);
    const end = addDays(parseIsoDate(again[0]!.scheduledDate), 3);
    await runDays(returnDay, end);
    const { entries, txs, trail } = await trailOf(who.loan.id);
    expect(
      entries.filter((e) => PAYMENT_KINDS.has(e.kind)).map((e) => [e.kind, e.amountCents, e.effectiveDate]),
      trail,
    ).toEqual([
      ['one_time_payment', 5000, d1],
      ['payoff', q.payoff_amount, d2],
    ]);
    expect(txs.find((t) => t.id === again[0]!.id)?.status, trail).toBe('canceled');
    const told = (await db().select().from(notifications).where(eq(notifications.userId, who.id))).map((n) => n.message);
    expect(told).toContain(`Your scheduled payment of $50.00 for ${usDate(again[0]!.scheduledDate)} was not taken: your loan owes nothing more.`);
    const after = await expectFiguresAgree(who, end);
    expect(after.row.status, trail).toBe('closed_paid');
    expect(after.position, trail).toMatchObject({ outstandingCents: 0, unappliedCents: 0 });
  });
});

describe('a payoff request racing a one-time payment request', { timeout: 120_000 }, () => {
  it('in parallel, for a later and an earlier date: at most one payoff, what stays is dated before it, and the run never takes more than owed', async () => {
    const who = await borrower();
    const start = parseIsoDate(who.loan.disbursement_date);
    const d1 = nextBusiness(start);
    let d2 = d1;
    for (let i = 0; i < 4; i++) d2 = nextBusiness(d2);
    const amount = Math.floor((await quote(who.token, who.loan.id, d1)).payoff_amount * 0.4);
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        i % 2 === 0
          ? pay(who.token, { method: 'ach', mode: 'payoff', loan_id: who.loan.id, scheduling: { date: d2 } })
          : pay(who.token, { method: 'ach', mode: 'one_time', loan_id: who.loan.id, amount, scheduling: { date: d1 } }),
      ),
    );
    for (const a of answers) expect([200, 422], a.body).toContain(a.statusCode);
    const onItsWay = (await txsOf(who.loan.id)).filter((t) => t.status === 'scheduled');
    const payoffs = onItsWay.filter((t) => t.mode === 'payoff');
    expect(payoffs).toHaveLength(1);
    for (const t of onItsWay) if (t.mode !== 'payoff') expect(t.scheduledDate < payoffs[0]!.scheduledDate).toBe(true);
    // The one-time payments accepted fit in the quote of their day (at most two of 40 %).
    const oneTimes = onItsWay.filter((t) => t.mode === 'one_time');
    expect(oneTimes.length).toBeLessThanOrEqual(2);
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(oneTimes.length + 1);

    await runDays(addDays(start, 1), d2);
    const { entries, trail } = await trailOf(who.loan.id);
    expect(
      entries.filter((e) => e.kind === 'one_time_payment'),
      trail,
    ).toHaveLength(oneTimes.length);
    const end = await expectFiguresAgree(who, d2);
    expect(end.row.status, trail).toBe('closed_paid');
    // Exactly what was owed: no credit balance made by our own debits.
    expect(end.position, trail).toMatchObject({ outstandingCents: 0, unappliedCents: 0 });
  });
});
