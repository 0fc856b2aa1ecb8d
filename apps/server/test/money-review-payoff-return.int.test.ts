/**
 * A payment already taken (sent, in the ledger) when the borrower asks for a payoff comes back from the bank
 * after the payoff was authorised: the payoff's quote counted it, so the loan now owes more than the
 * authorised payoff. The payoff still sends at most what was authorised (payoffOutcome / amountToSend), the
 * loan stays open with the rest — never closed with money owed — and the borrower is told, at the return and
 * when the payoff is taken, what is still owed and how it is collected (the returned payment's own
 * re-presentment rules: R01 presented again, R02 not) — with what is still owed after the re-presentment
 * (the interest earned until its day, by the ledger's rules). Returns uploaded several times at once and
 * payments tried meanwhile change nothing. A return that reopens a loan the payoff closed names the payment
 * that came back (the payoff or one taken before it) and what is owed now. A payoff asked on a weekend
 * business date is quoted, taken and closed on the next business day. Both databases (TEST_DB=postgres runs
 * it on PostgreSQL).
 */
import type { TPaymentResponse } from '@payrail/contract/servicing';
import { isBusinessDay } from '@payrail/domain/calendar';
import { addDays, parseIsoDate } from '@payrail/domain/dates';
import { cents, formatUsd } from '@payrail/domain/money';
import { RETURN_REASONS } from '@payrail/domain/servicing/ach';
import { payoffOutcome, restAfterRepresentment } from '@payrail/domain/servicing/payment-limit';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications } from '../src/db/schema/index';
import { SERVICING_NOTICE } from '../src/modules/loan-book/use-cases/service-loan';
import type { ReturnedPayment, StillOwed } from '../src/modules/loan-book/use-cases/service-loan';
import { saveCard } from './servicing-helpers';
import { moneyApp, nextBusiness, nextSaturday, PAYMENT_KINDS, usDate } from './support/money-kit';

const money = moneyApp({ keyPrefix: 'payoff-return' });
beforeAll(money.setup, 240_000);
afterAll(money.teardown);
const { app, db, setBusinessDate, pay, pull, quote, txsOf, runDays, borrower, expectFiguresAgree, returnDebit, trailOf, ledgerOn, paymentThenPayoff } = money;

const toldTo = async (userId: number) => (await db().select().from(notifications).where(eq(notifications.userId, userId))).map((n) => n.message);
const returnedPayment = (mode: ReturnedPayment['mode'], amountCents: number, date: string, code: 'R01' | 'R02'): ReturnedPayment => ({
  mode,
  amountCents,
  date,
  code,
  title: RETURN_REASONS[code].title,
});
/**
 * What the notices must say is still owed: `owedCents` now and, when the returned payment is presented again,
 * what it took on its day and what the ledger still owed after it (read once the run went past that day).
 */
async function stillOwedByLedger(loanId: number, owedCents: number, again: { id: number; scheduledDate: string } | null): Promise<StillOwed> {
  if (!again) return { owedCents, presentedOn: null, rest: { presentedTakesCents: cents(0), earnedMeanwhileCents: cents(0), restCents: cents(owedCents) } };
  const { entries } = await trailOf(loanId);
  const took = entries.find((e) => e.transactionId === again.id && e.kind !== 'reversal')!.amountCents;
  const rest = (await ledgerOn(loanId, parseIsoDate(again.scheduledDate))).position.outstandingCents;
  return {
    owedCents,
    presentedOn: again.scheduledDate,
    rest: { presentedTakesCents: cents(took), earnedMeanwhileCents: cents(Math.max(0, took + rest - owedCents)), restCents: cents(rest) },
  };
}

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
      const toldAtReturn = await toldTo(who.id);
      // Said once, right: never "we will present it again" when the payoff comes first and pays it.
      expect(toldAtReturn.filter((m) => m.startsWith(`Your payment of $50.00 on ${usDate(d1)} was returned`))).toHaveLength(1);

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
      expect(owedAfterPayoff, 'the ledger owes, after the payoff, what the borrower was told').toBe(stillOwedCents);
      // At the return and when the payoff is taken, the borrower is told what is still owed after the payoff and,
      // when the returned payment is presented again, what the ledger still owes after it (the interest earned
      // until its day): the figures the run then produced.
      const still = await stillOwedByLedger(who.loan.id, stillOwedCents, code === 'R01' ? again[0]! : null);
      const told = await toldTo(who.id);
      const returned = returnedPayment('one_time', 5000, d1, code);
      if (code === 'R01' && presentAgainOn! < d2)
        expect(told, JSON.stringify(told)).toContain(SERVICING_NOTICE.returned(5000, d1, code, title, presentAgainOn));
      else {
        expect(told, JSON.stringify(told)).toContain(SERVICING_NOTICE.returnedBeforePayoff(returned, { amountCents: q.payoff_amount, date: d2 }, still));
        expect(told).toContain(SERVICING_NOTICE.payoffLeftOwing(who.loan.identifier, q.payoff_amount, d2, still));
      }
      if (code === 'R01') {
        // One day of interest (the payoff on d2, the re-presentment on the next day) is owed beyond the $50.00: said.
        expect(still.rest.restCents, trail).toBeGreaterThan(0);
        expect(final.position.outstandingCents, trail).toBeGreaterThanOrEqual(still.rest.restCents);
        expect(told.join('\n')).toContain(`${formatUsd(still.rest.restCents)} will still be owed after it`);
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
        expect(final.position.outstandingCents, trail).toBeGreaterThan(0);
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
    const { q, sent } = await paymentThenPayoff(who, { amount: 5000, paidOn: d1, payoffOn: d2 });
    await setBusinessDate(returnDay);
    const uploads = await Promise.all(Array.from({ length: 3 }, () => returnDebit(who, sent, 'R01', returnDay)));
    for (const u of uploads) expect(u.statusCode, u.body).toBe(200);
    const again = (await txsOf(who.loan.id)).filter((t) => t.retryOfId === sent.id);
    expect(again).toHaveLength(1);
    expect(again[0]!.scheduledDate > d2, 'presented again after the payoff day').toBe(true);
    const told = await toldTo(who.id);
    expect(told).toContain(
      SERVICING_NOTICE.returnedBeforePayoff(
        returnedPayment('one_time', 5000, d1, 'R01'),
        { amountCents: q.payoff_amount, date: d2 },
        { owedCents: 0, presentedOn: again[0]!.scheduledDate, rest: restAfterRepresentment(0, null) },
      ),
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

describe('a return that reopens a loan the payoff closed names the payment that came back and what is owed now', { timeout: 180_000 }, () => {
  it.each<['earlier' | 'payoff', 'R01' | 'R02']>([
    ['earlier', 'R01'],
    ['earlier', 'R02'],
    ['payoff', 'R01'],
  ])('the %s payment returned (%s)', async (which, code) => {
    const who = await borrower();
    const start = parseIsoDate(who.loan.disbursement_date);
    const d1 = nextBusiness(start);
    const d2 = nextBusiness(d1);
    // $50.00 taken on d1 (in its return window), then the payoff of d2 — its quote counts the $50.00 — closes the loan.
    const { payoff, sent } = await paymentThenPayoff(who, { amount: 5000, paidOn: d1, payoffOn: d2 });
    await runDays(addDays(d1, 1), d2);
    expect((await ledgerOn(who.loan.id, d2)).row.status).toBe('closed_paid');
    const payoffId = payoff.json<TPaymentResponse>().transaction.id;
    const back = which === 'payoff' ? (await txsOf(who.loan.id)).find((t) => t.id === payoffId)! : sent;

    const returnDay = nextBusiness(d2);
    await setBusinessDate(returnDay);
    const uploads = await Promise.all(Array.from({ length: 2 }, () => returnDebit(who, back, code, returnDay)));
    for (const u of uploads) expect(u.statusCode, u.body).toBe(200);
    const reopened = await expectFiguresAgree(who, returnDay);
    expect(reopened.row.status).toBe('opened');
    const owedNow = reopened.position.outstandingCents;
    expect(owedNow).toBeGreaterThanOrEqual(back.amountCents);
    const again = (await txsOf(who.loan.id)).filter((t) => t.retryOfId === back.id);
    expect(again).toHaveLength(code === 'R01' ? 1 : 0);

    const end = addDays(parseIsoDate(again[0]?.scheduledDate ?? returnDay), 2);
    await runDays(addDays(returnDay, 1), end);
    const { trail } = await trailOf(who.loan.id);
    const still = await stillOwedByLedger(who.loan.id, owedNow, again[0] ?? null);
    const told = await toldTo(who.id);
    const returned = returnedPayment(which === 'payoff' ? 'payoff' : 'one_time', back.amountCents, which === 'payoff' ? d2 : d1, code);
    const notice = SERVICING_NOTICE.reopened(who.loan.identifier, returned, still);
    expect(told, trail).toContain(notice);
    // It names what came back, its day and amount, and what is owed now; never "the payment that paid it off" for another one.
    expect(notice).toContain(
      `Your ${which === 'payoff' ? 'payoff' : 'payment'} of ${formatUsd(cents(back.amountCents))} on ${usDate(returned.date)} was returned by your bank (${code} ${RETURN_REASONS[code].title}), so your loan ${who.loan.identifier} is open again: it owes ${formatUsd(cents(owedNow))} now.`,
    );
    expect(told.join('\n')).not.toContain('the payment that paid it off');
    // The one notice of this return (not a second "your payment was returned").
    expect(
      told.filter((m) => m.includes('was returned by your bank')),
      JSON.stringify(told),
    ).toHaveLength(1);
    if (code === 'R01') {
      // Presented again for its own amount at most; what the ledger owes after it (the interest earned meanwhile) is told.
      expect(still.rest.presentedTakesCents, trail).toBe(back.amountCents);
      expect(still.rest.restCents, trail).toBeGreaterThan(0);
      expect(notice).toContain(`will still be owed after it: please pay it another way to close your loan`);
      if (which === 'payoff')
        // Taken again for its amount: the interest earned since is what is left, as told at the return.
        expect(told, trail).toContain(
          SERVICING_NOTICE.payoffPresentedAgainLeftOwing(who.loan.identifier, back.amountCents, again[0]!.scheduledDate, {
            owedCents: still.rest.restCents,
            presentedOn: null,
            rest: restAfterRepresentment(still.rest.restCents, null),
          }),
        );
    } else expect(notice).toContain('Please pay it another way to close your loan (interest is earned on it until it is paid).');
    const final = await expectFiguresAgree(who, end);
    expect(final.row.status, trail).not.toBe('closed_paid');
    expect(final.position.unappliedCents, trail).toBe(0);
    expect(told, trail).not.toContain(
      SERVICING_NOTICE.returned(back.amountCents, returned.date, code, RETURN_REASONS[code].title, again[0]?.scheduledDate ?? null),
    );
  });
});

describe('a payoff asked on a weekend business date', { timeout: 180_000 }, () => {
  /** The borrower on a Saturday business date, the loan serviced through the Friday before. */
  async function onASaturday(paymentOnFriday: boolean) {
    const who = await borrower();
    const start = parseIsoDate(who.loan.disbursement_date);
    const saturday = nextSaturday(start);
    const friday = addDays(saturday, -1);
    const monday = nextBusiness(saturday);
    expect(isBusinessDay(friday) && friday > start, 'a business Friday after the disbursement').toBe(true);
    let sent: Awaited<ReturnType<typeof txsOf>>[number] | null = null;
    if (paymentOnFriday) {
      const early = await pay(who.token, { method: 'ach', mode: 'one_time', loan_id: who.loan.id, amount: 5000, scheduling: { date: friday } });
      expect(early.statusCode, early.body).toBe(200);
      await runDays(addDays(start, 1), friday);
      sent = (await txsOf(who.loan.id)).find((t) => t.id === early.json<TPaymentResponse>().transaction.id)!;
      expect(sent.status).toBe('pending');
    } else await runDays(addDays(start, 1), friday);
    await setBusinessDate(saturday);
    // Asked for "today", a Saturday: quoted, scheduled and taken on Monday, at Monday's amount.
    const q = await quote(who.token, who.loan.id, saturday);
    expect(q.date).toBe(monday);
    expect(q.payoff_amount).toBe((await ledgerOn(who.loan.id, monday)).position.outstandingCents);
    const payoff = await pay(who.token, { method: 'ach', mode: 'payoff', loan_id: who.loan.id, scheduling: { date: saturday } });
    expect(payoff.statusCode, payoff.body).toBe(200);
    const tx = payoff.json<TPaymentResponse>().transaction;
    expect(tx.amount).toBe(q.payoff_amount);
    const row = (await txsOf(who.loan.id)).find((t) => t.id === tx.id)!;
    expect(row.scheduledDate).toBe(monday);
    expect(await toldTo(who.id)).toContain(
      `Payoff of ${formatUsd(cents(q.payoff_amount))} for loan ${who.loan.identifier} is scheduled for ${usDate(monday)}.`,
    );
    // Saturday and Sunday: still owed, everyone agrees, nothing said to be paid.
    for (const day of [saturday, addDays(saturday, 1)]) {
      await runDays(day, day);
      const f = await expectFiguresAgree(who, day);
      expect(f.position.outstandingCents).toBeGreaterThan(0);
    }
    expect(await toldTo(who.id)).not.toContain(SERVICING_NOTICE.paidOff);
    return { who, q, payoffId: tx.id, monday, sent };
  }

  it('taken on Monday for the quote of Monday: closes with nothing owed; borrower, staff and ledger agree every day', async () => {
    const { who, q, payoffId, monday } = await onASaturday(false);
    await runDays(monday, addDays(monday, 3));
    const { entries, trail } = await trailOf(who.loan.id);
    const taken = entries.find((e) => e.transactionId === payoffId && e.kind === 'payoff');
    expect(taken, trail).toMatchObject({ effectiveDate: monday, amountCents: q.payoff_amount });
    for (const day of [monday, addDays(monday, 3)]) {
      const f = await expectFiguresAgree(who, day);
      expect(f.position, trail).toMatchObject({ outstandingCents: 0, unappliedCents: 0 });
      expect(f.row.status, trail).toBe('closed_paid');
    }
    expect(await toldTo(who.id)).toContain(SERVICING_NOTICE.paidOff);
  });

  it("Friday's payment returned on Monday, before the payoff is sent: the borrower is told what is still owed, and the ledger owes exactly that", async () => {
    const { who, q, payoffId, monday, sent } = await onASaturday(true);
    await setBusinessDate(monday);
    const up = await returnDebit(who, sent!, 'R02', monday);
    expect(up.statusCode, up.body).toBe(200);
    const owedOnMonday = (await ledgerOn(who.loan.id, monday)).position.outstandingCents;
    const { stillOwedCents } = payoffOutcome(q.payoff_amount, owedOnMonday);
    expect(stillOwedCents).toBeGreaterThanOrEqual(5000);
    const still: StillOwed = { owedCents: stillOwedCents, presentedOn: null, rest: restAfterRepresentment(stillOwedCents, null) };
    expect(await toldTo(who.id)).toContain(
      SERVICING_NOTICE.returnedBeforePayoff(
        returnedPayment('one_time', 5000, sent!.scheduledDate, 'R02'),
        { amountCents: q.payoff_amount, date: monday },
        still,
      ),
    );
    await runDays(monday, monday);
    const { entries, trail } = await trailOf(who.loan.id);
    expect(
      entries.find((e) => e.transactionId === payoffId && e.kind === 'payoff'),
      trail,
    ).toMatchObject({ effectiveDate: monday, amountCents: q.payoff_amount });
    const onMonday = await expectFiguresAgree(who, monday);
    // What the borrower was told is owed is what the ledger owes: nothing told paid is owed, nothing owed is told paid.
    expect(onMonday.position.outstandingCents, trail).toBe(stillOwedCents);
    expect(onMonday.row.status, trail).toBe('opened');
    const told = await toldTo(who.id);
    expect(told).toContain(SERVICING_NOTICE.payoffLeftOwing(who.loan.identifier, q.payoff_amount, monday, still));
    expect(told).not.toContain(SERVICING_NOTICE.paidOff);
    // Interest is earned on what is left until it is paid (the ledger's rules): the notices say so.
    expect(told.join('\n')).toContain('interest is earned on it until it is paid');
    await runDays(addDays(monday, 1), addDays(monday, 3));
    expect((await expectFiguresAgree(who, addDays(monday, 3))).position.outstandingCents).toBeGreaterThanOrEqual(stillOwedCents);
  });
});
