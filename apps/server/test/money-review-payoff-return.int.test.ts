/**
 * A payment already taken (sent, in the ledger) when the borrower asks for a payoff comes back from the bank
 * after the payoff was authorised: the payoff's quote counted it, so the loan now owes more than the
 * authorised payoff. The payoff still sends at most what was authorised (payoffOutcome / amountToSend), the
 * loan stays open with the rest — never closed with money owed — and the borrower is told, at the return and
 * when the payoff is taken, what is still owed and how it is collected (the returned payment's own
 * re-presentment rules: R01 presented again, R02 not). Returns uploaded several times at once and payments
 * tried meanwhile change nothing. Both databases (TEST_DB=postgres runs it on PostgreSQL).
 */
import type { TPaymentResponse } from '@payrail/contract/servicing';
import { addDays, parseIsoDate } from '@payrail/domain/dates';
import { cents, formatUsd } from '@payrail/domain/money';
import { RETURN_REASONS } from '@payrail/domain/servicing/ach';
import { payoffOutcome } from '@payrail/domain/servicing/payment-limit';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications } from '../src/db/schema/index';
import { SERVICING_NOTICE } from '../src/modules/loan-book/use-cases/service-loan';
import { saveCard } from './servicing-helpers';
import { moneyApp, nextBusiness, PAYMENT_KINDS, usDate } from './support/money-kit';

const money = moneyApp({ keyPrefix: 'payoff-return' });
beforeAll(money.setup, 240_000);
afterAll(money.teardown);
const { app, db, setBusinessDate, pay, pull, quote, txsOf, runDays, borrower, expectFiguresAgree, returnDebit, trailOf, ledgerOn } = money;

const toldTo = async (userId: number) => (await db().select().from(notifications).where(eq(notifications.userId, userId))).map((n) => n.message);

describe('a payment taken before the payoff request comes back after the payoff was authorised', { timeout: 180_000 }, () => {
  it.each<['R01' | 'R02']>([['R02'], ['R01']])(
    '%s: the payoff takes what was authorised, the loan stays open with the rest, the borrower is told; nothing beyond what is owed',
    async (code) => {
      const who = await borrower();
      const start = parseIsoDate(who.loan.disbursement_date);
      const d1 = nextBusiness(start);
      let d2 = d1;
      for (let i = 0; i < 3; i++) d2 = nextBusiness(d2);
      const early = await pay(who.token, { method: 'ach', mode: 'one_time', loan_id: who.loan.id, amount: 5000, scheduling: { date: d1 } });
      expect(early.statusCode, early.body).toBe(200);
      await runDays(addDays(start, 1), d1);
      const sent = (await txsOf(who.loan.id)).find((t) => t.id === early.json<TPaymentResponse>().transaction.id)!;
      expect(sent.status).toBe('pending'); // sent: in the ledger, in its return window

      // The payoff is asked now: its quote counts the $50.00 taken.
      const q = await quote(who.token, who.loan.id, d2);
      expect(q.date).toBe(d2);
      const payoff = await pay(who.token, { method: 'ach', mode: 'payoff', loan_id: who.loan.id, scheduling: { date: d2 } });
      expect(payoff.statusCode, payoff.body).toBe(200);
      expect(payoff.json<TPaymentResponse>().transaction.amount).toBe(q.payoff_amount);
      const payoffId = payoff.json<TPaymentResponse>().transaction.id;

      // The bank returns the $50.00: the file uploaded 3 times at once, card payments tried meanwhile.
      const returnDay = nextBusiness(d1);
      await setBusinessDate(returnDay);
      const card = await saveCard(app(), who.token, '4242424242424242');
      const answers = await Promise.all([
        ...Array.from({ length: 3 }, () => returnDebit(who, sent, code, returnDay)),
        ...Array.from({ length: 3 }, () => pull(who.token, { account: card, amount: 1000, loan_id: who.loan.id })),
      ]);
      for (const a of answers.slice(0, 3)) expect(a.statusCode, a.body).toBe(200);
      // A payoff is on its way: nothing else is taken (422), never a 500.
      for (const a of answers.slice(3)) expect(a.statusCode, a.body).toBe(422);
      const applied = answers.slice(0, 3).reduce((n, a) => n + a.json<{ applied: unknown[] }>().applied.length, 0);
      expect(applied).toBe(1);

      const afterReturn = await txsOf(who.loan.id);
      const again = afterReturn.filter((t) => t.retryOfId === sent.id);
      // What the payoff will leave owed, on its day, once the reversal is in the ledger.
      const owedOnD2 = (await ledgerOn(who.loan.id, d2)).position.outstandingCents;
      const { stillOwedCents } = payoffOutcome(q.payoff_amount, owedOnD2);
      expect(stillOwedCents, 'the returned $50.00 (and its interest) is owed beyond the authorised payoff').toBeGreaterThanOrEqual(5000);
      const title = RETURN_REASONS[code].title;
      const presentAgainOn = code === 'R01' ? again[0]!.scheduledDate : null;
      if (code === 'R01') expect(again.map((t) => t.status)).toEqual(['scheduled']);
      else expect(again).toEqual([]);
      const told = await toldTo(who.id);
      const expected =
        code === 'R01' && presentAgainOn! < d2
          ? SERVICING_NOTICE.returned(5000, d1, code, title, presentAgainOn)
          : SERVICING_NOTICE.returnedBeforePayoff(5000, d1, code, title, { amountCents: q.payoff_amount, date: d2 }, stillOwedCents, presentAgainOn);
      expect(told, JSON.stringify(told)).toContain(expected);
      // Said once, right: never "we will present it again" when the payoff comes first and pays it.
      expect(told.filter((m) => m.startsWith(`Your payment of $50.00 on ${usDate(d1)} was returned`))).toHaveLength(1);

      const end = addDays(d2, 12);
      await runDays(returnDay, end);
      const { entries, txs, trail } = await trailOf(who.loan.id);
      const payoffEntry = entries.find((e) => e.transactionId === payoffId && e.kind === 'payoff');
      expect(payoffEntry?.effectiveDate, trail).toBe(d2);
      // Never beyond what the borrower authorised.
      expect(payoffEntry!.amountCents, trail).toBeLessThanOrEqual(q.payoff_amount);
      for (const t of txs) expect(Number.isSafeInteger(t.amountCents) && t.amountCents > 0, trail).toBe(true);
      const paidIn = entries.filter((e) => PAYMENT_KINDS.has(e.kind)).reduce((s, e) => s + e.amountCents, 0);
      const reversed = entries.filter((e) => e.kind === 'reversal').reduce((s, e) => s + e.amountCents, 0);
      const final = await expectFiguresAgree(who, end);
      // Nothing taken beyond what was owed: no credit balance.
      expect(final.position.unappliedCents, trail).toBe(0);
      expect(paidIn - reversed, trail).toBe(final.position.paidCents);
      // The payoff took the authorised quote (its day comes before any re-presentment here) and the loan
      // stays open with the rest: never closed while money is owed.
      expect(payoffEntry!.amountCents, trail).toBe(q.payoff_amount);
      const owedAfterPayoff = (await ledgerOn(who.loan.id, d2)).position.outstandingCents;
      if (code === 'R02' || presentAgainOn! >= d2) {
        expect(await toldTo(who.id)).toContain(
          SERVICING_NOTICE.payoffLeftOwing(
            who.loan.identifier,
            q.payoff_amount,
            d2,
            stillOwedCents,
            presentAgainOn ? { amountCents: 5000, date: presentAgainOn } : null,
          ),
        );
      }
      if (code === 'R02') {
        // Not presented again: the rest is the borrower's to pay.
        expect(final.position.outstandingCents, trail).toBeGreaterThanOrEqual(5000);
      } else {
        // Presented again: it takes its own $50.00 at most, never beyond what it was authorised for; what is
        // beyond it (the interest the returned money kept accruing) is still owed, so the loan stays open.
        const retried = entries.find((e) => e.transactionId === again[0]!.id && e.kind !== 'reversal');
        expect(retried?.amountCents, trail).toBe(Math.min(5000, owedAfterPayoff));
        // It came the day after the payoff: the interest of those days is owed beyond it (the ledger's own rules).
        expect(final.position.outstandingCents, trail).toBeGreaterThanOrEqual(0);
      }
      expect(final.row.status === 'closed_paid', trail).toBe(final.position.outstandingCents === 0);
      expect(
        txs.filter((t) => t.status === 'scheduled' && final.row.status === 'closed_paid'),
        trail,
      ).toEqual([]);
      // The figures the borrower reads are whole cents.
      expect(formatUsd(cents(final.position.outstandingCents))).toMatch(/^\$[\d,]+\.\d{2}$/);
    },
  );
});

describe('a payment counted out of the payoff (scheduled before its day) comes back: the notice says the payoff pays it', { timeout: 180_000 }, () => {
  it('R01 presented again after the payoff day: told once that the payoff pays it (the re-presentment only its fallback), then it is not taken', async () => {
    const who = await borrower();
    const start = parseIsoDate(who.loan.disbursement_date);
    const d1 = nextBusiness(start);
    const returnDay = nextBusiness(d1);
    const d2 = nextBusiness(returnDay);
    const early = await pay(who.token, { method: 'ach', mode: 'one_time', loan_id: who.loan.id, amount: 5000, scheduling: { date: d1 } });
    expect(early.statusCode, early.body).toBe(200);
    const q = await quote(who.token, who.loan.id, d2);
    const payoff = await pay(who.token, { method: 'ach', mode: 'payoff', loan_id: who.loan.id, scheduling: { date: d2 } });
    expect(payoff.statusCode, payoff.body).toBe(200);
    await runDays(addDays(start, 1), d1);
    const sent = (await txsOf(who.loan.id)).find((t) => t.id === early.json<TPaymentResponse>().transaction.id)!;
    await setBusinessDate(returnDay);
    const uploads = await Promise.all(Array.from({ length: 3 }, () => returnDebit(who, sent, 'R01', returnDay)));
    for (const u of uploads) expect(u.statusCode, u.body).toBe(200);
    const again = (await txsOf(who.loan.id)).filter((t) => t.retryOfId === sent.id);
    expect(again).toHaveLength(1);
    expect(again[0]!.scheduledDate > d2, 'presented again after the payoff day').toBe(true);
    const told = await toldTo(who.id);
    expect(told).toContain(
      SERVICING_NOTICE.returnedBeforePayoff(5000, d1, 'R01', RETURN_REASONS.R01.title, { amountCents: q.payoff_amount, date: d2 }, 0, again[0]!.scheduledDate),
    );
    // Not the plain "we will present it to your bank again" that the payoff would contradict.
    expect(told).not.toContain(SERVICING_NOTICE.returned(5000, d1, 'R01', RETURN_REASONS.R01.title, again[0]!.scheduledDate));
    await runDays(returnDay, addDays(parseIsoDate(again[0]!.scheduledDate), 3));
    const { txs, trail } = await trailOf(who.loan.id);
    expect(txs.find((t) => t.id === again[0]!.id)?.status, trail).toBe('canceled');
    const end = await expectFiguresAgree(who, addDays(parseIsoDate(again[0]!.scheduledDate), 3));
    expect(end.row.status, trail).toBe('closed_paid');
    expect(end.position).toMatchObject({ outstandingCents: 0, unappliedCents: 0 });
  });
});
