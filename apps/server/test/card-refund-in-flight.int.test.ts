/**
 * A credit balance refunded to a debit card (POST /api/create_debit_disbursement) never pays out money from a
 * debit still in flight: an ACH payoff posted when sent is `pending` until its return window has passed, and
 * if the bank returns it the money was never received. The card refund holds that part back as the automatic
 * refund does (`refundable`, loan-book/use-cases/refundable-credit.ts), under the loan's lock: while the payoff
 * is pending a refund is refused in plain words; once it has settled the credit goes back; 20 parallel refunds
 * racing the payoff's return refund nothing. Runs on PGlite and, with TEST_DB=postgres, on PostgreSQL.
 */
import { PAYMENT_MSG } from '@payrail/contract/servicing';
import { addDays, parseIsoDate } from '@payrail/domain/dates';
import type { IsoDate } from '@payrail/domain/dates';
import { settlementDate } from '@payrail/domain/servicing/ach';
import { cents } from '@payrail/domain/money';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, call } from './identity-helpers';
import { errorsOf, saveCard } from './servicing-helpers';
import type { FundedBorrower } from './servicing-helpers';
import { moneyApp, nextBusiness, nextSaturday } from './support/money-kit';

const money = moneyApp({ keyPrefix: 'card-refund-in-flight' });
beforeAll(money.setup, 240_000);
afterAll(money.teardown);
const { app, borrower, pay, pull, runDays, ledgerOn, txsOf, entriesOf, returnDebit, newKey, trailOf, expectFiguresAgree } = money;

const CREDIT = 3_000;

/**
 * A borrower who paid $20.00 by card (settled at once: the card a refund goes back to), then the rest by an ACH
 * payoff sent by the next business day's run (pending), and whose employer's remittance then brought `CREDIT`
 * cents beyond the payoff: a credit balance, all of it standing on the pending payoff.
 */
async function creditOverPendingPayoff(who: FundedBorrower) {
  const disbursed = parseIsoDate(who.loan.disbursement_date);
  const card = await saveCard(app(), who.token, '4242424242424242');
  const paid = await pull(who.token, { account: card, amount: 2000, loan_id: who.loan.id });
  expect(paid.statusCode, paid.body).toBe(200);
  const sendDay = nextBusiness(disbursed);
  const payoff = await pay(who.token, { method: 'ach', mode: 'payoff', loan_id: who.loan.id, scheduling: { date: sendDay } });
  expect(payoff.statusCode, payoff.body).toBe(200);
  await runDays(addDays(disbursed, 1), sendDay);
  const sent = (await txsOf(who.loan.id)).find((t) => t.mode === 'payoff');
  expect(sent?.status).toBe('pending');
  await app().ctx.repos.loanBook.recordPayment({
    loanId: who.loan.id,
    kind: 'payroll_remittance',
    effectiveDate: sendDay,
    amountCents: cents(CREDIT),
    idempotencyKey: `card-refund-in-flight-remit-${String(who.loan.id)}`,
    at: app().ctx.now(),
  });
  expect((await ledgerOn(who.loan.id, sendDay)).position).toMatchObject({ outstandingCents: 0, unappliedCents: CREDIT });
  return { card, sendDay, sent: sent! };
}

const refundToCard = (who: FundedBorrower, card: Record<string, unknown>) =>
  call(app(), {
    method: 'POST',
    url: '/api/create_debit_disbursement',
    headers: { ...auth(who.token), 'idempotency-key': newKey() },
    payload: { card: { loan_id: who.loan.id, ...card } },
  });
const refundsOf = async (loanId: number) => (await entriesOf(loanId)).filter((e) => e.kind === 'refund');

describe('a card refund of a credit that stands on a debit in flight', { timeout: 240_000 }, () => {
  it('is refused while the payoff is pending (nothing written), and refunds the credit once it has settled', async () => {
    const who = await borrower();
    const { card, sendDay, sent } = await creditOverPendingPayoff(who);

    for (const amount of [undefined, CREDIT, 1]) {
      const held = await refundToCard(who, { account: card, ...(amount === undefined ? {} : { amount }) });
      expect(held.statusCode, held.body).toBe(422);
      expect(errorsOf(held)).toEqual([PAYMENT_MSG.refundInFlight]);
    }
    expect(await refundsOf(who.loan.id)).toEqual([]);

    // The payoff's return window passes: it settles, and the daily run's sweep pays the credit back (by ACH credit:
    // the remittance made it, not the card payment); a card refund then finds nothing left.
    const settled: IsoDate = settlementDate(sendDay);
    await runDays(addDays(sendDay, 1), settled);
    const { trail } = await trailOf(who.loan.id);
    expect((await txsOf(who.loan.id)).find((t) => t.id === sent.id)?.status, trail).toBe('settled');
    expect(await refundsOf(who.loan.id), trail).toEqual([expect.objectContaining({ amountCents: CREDIT, reasonCode: expect.stringMatching(/^ach:/) })]);
    expect((await ledgerOn(who.loan.id, settled)).position).toMatchObject({ outstandingCents: 0, unappliedCents: 0 });
    expect(errorsOf(await refundToCard(who, { account: card }))).toEqual([PAYMENT_MSG.noCreditBalance]);
  });

  it('pays back now only the part of the credit that stands on settled money', async () => {
    const who = await borrower();
    const { card, sendDay, sent } = await creditOverPendingPayoff(who);
    // The employer remits the whole payoff again, and $10.00 more: the credit is the pending payoff plus $40.00, of
    // which only the part beyond what the settled money alone pays off (what the card refund may take) is sure.
    await app().ctx.repos.loanBook.recordPayment({
      loanId: who.loan.id,
      kind: 'payroll_remittance',
      effectiveDate: sendDay,
      amountCents: cents(sent.amountCents + 1000),
      idempotencyKey: `card-refund-in-flight-remit-again-${String(who.loan.id)}`,
      at: app().ctx.now(),
    });
    const credit = (await ledgerOn(who.loan.id, sendDay)).position.unappliedCents;
    expect(credit).toBe(sent.amountCents + 1000 + CREDIT);
    const sure = CREDIT + 1000;
    const above = await refundToCard(who, { account: card, amount: sure + 1 });
    expect(above.statusCode, above.body).toBe(422);
    expect(errorsOf(above)).toEqual([PAYMENT_MSG.refundAboveRefundable((sure / 100).toFixed(2))]);
    // The card a refund goes back to was charged $20.00: at most that per refund; 20 parallel refunds of $20.00
    // take no more than the sure part, whatever the order.
    const answers = await Promise.all(Array.from({ length: 20 }, () => refundToCard(who, { account: card, amount: 2000 })));
    const { trail } = await trailOf(who.loan.id);
    const paidBack = (await refundsOf(who.loan.id)).reduce((sum, e) => sum + e.amountCents, 0);
    expect(
      answers.filter((a) => a.statusCode === 200),
      trail,
    ).toHaveLength(paidBack / 2000);
    expect(paidBack, trail).toBeLessThanOrEqual(sure);
    expect(paidBack, trail).toBeGreaterThan(0);
    // Once the payoff has settled, the daily run's sweep pays back the rest: everything refunded, nothing left.
    const settled: IsoDate = settlementDate(sendDay);
    await runDays(addDays(sendDay, 1), settled);
    const after = await trailOf(who.loan.id);
    expect(
      (await refundsOf(who.loan.id)).reduce((sum, e) => sum + e.amountCents, 0),
      after.trail,
    ).toBe(credit);
    expect((await ledgerOn(who.loan.id, settled)).position, after.trail).toMatchObject({ outstandingCents: 0, unappliedCents: 0 });
  });

  it("20 parallel refunds racing the payoff's return refund nothing: the loan owes what came back, less the credit", async () => {
    const who = await borrower();
    const { card, sendDay, sent } = await creditOverPendingPayoff(who);
    const [answers, returned] = await Promise.all([
      Promise.all(Array.from({ length: 20 }, () => refundToCard(who, { account: card }))),
      returnDebit(who, sent, 'R01', sendDay),
    ]);
    expect(returned.statusCode, returned.body).toBe(200);
    for (const a of answers) expect(a.statusCode, a.body).toBe(422);
    // Before the return the credit stands on the pending payoff; after it there is none.
    for (const message of answers.flatMap(errorsOf)) expect([PAYMENT_MSG.refundInFlight, PAYMENT_MSG.noCreditBalance]).toContain(message);
    const { trail } = await trailOf(who.loan.id);
    expect(await refundsOf(who.loan.id), trail).toEqual([]);
    // The returned payoff is owed again; the remittance's money pays part of it.
    const { position } = await ledgerOn(who.loan.id, sendDay);
    expect(position.unappliedCents, trail).toBe(0);
    expect(position.outstandingCents, trail).toBe(sent.amountCents - CREDIT);
    // The borrower's page, the servicer's and the ledger agree after the return, and on the weekend after it.
    await expectFiguresAgree(who, sendDay);
    const saturday = nextSaturday(sendDay);
    await runDays(addDays(sendDay, 1), saturday);
    await expectFiguresAgree(who, saturday);
    expect(await refundsOf(who.loan.id)).toEqual([]);
  });
});
