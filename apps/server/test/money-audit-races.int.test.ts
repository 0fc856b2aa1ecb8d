/**
 * Money rules audit (the commands the other race files leave out): a servicer's reversal of a payment, alone
 * in parallel and racing the bank's return file of the same debit, reverses the payment once; the refund of a
 * credit balance is sent as an ACH credit under a NACHA trace number of ours, reserved before it is sent, the
 * same for every call that races it. Runs on PGlite and, with TEST_DB=postgres, on PostgreSQL (where the
 * requests really run in parallel transactions).
 */
import { PAYMENT_MSG } from '@payrail/contract/servicing';
import { SERVICING_BO_MSG } from '@payrail/contract/servicing-backoffice';
import type { TNextTermDateResponse, TPaymentResponse } from '@payrail/contract/servicing';
import { addDays, parseIsoDate } from '@payrail/domain/dates';
import { cents } from '@payrail/domain/money';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AchCredit } from '../src/adapters/ach/port';
import { achCreditTraceNumbers, applications, autoDebitAuthorizations, disbursements, loanTransactions, notifications } from '../src/db/schema/index';
import { creditRefundKey, refundCreditBalance } from '../src/modules/loan-book/use-cases/refund-credit-balance';
import { refreshLoanStatus } from '../src/modules/loan-book/use-cases/refresh-loan-status';
import { CLEARBROOK } from './banking-helpers';
import { auth, call } from './identity-helpers';
import { saveCard } from './servicing-helpers';
import { moneyApp, nextBusiness } from './support/money-kit';

const money = moneyApp({ keyPrefix: 'audit-race' });
beforeAll(money.setup, 240_000);
afterAll(money.teardown);
const { app, db, pay, pull, txsOf, entriesOf, ledgerOn, runDays, borrower, returnDebit, trailOf, servicer } = money;

const reverse = (loanId: number, entryId: number, reason: string) =>
  call(app(), {
    method: 'POST',
    url: `/api/backoffice/loans/${loanId}/reversals`,
    headers: auth(servicer()),
    payload: { entry_id: entryId, reason, return_code: 'R10' },
  });

/** A borrower's $50.00 one-time ACH payment, sent by the daily run on the next business day: its transaction and ledger entry. */
async function sentPayment() {
  const who = await borrower();
  const start = parseIsoDate(who.loan.disbursement_date);
  const d1 = nextBusiness(start);
  const res = await pay(who.token, { method: 'ach', mode: 'one_time', loan_id: who.loan.id, amount: 5_000, scheduling: { date: d1 } });
  expect(res.statusCode, res.body).toBe(200);
  await runDays(addDays(start, 1), d1);
  const id = res.json<TPaymentResponse>().transaction.id;
  const sent = (await txsOf(who.loan.id)).find((t) => t.id === id)!;
  expect(sent.status).toBe('pending');
  const entry = (await entriesOf(who.loan.id)).find((e) => e.transactionId === id && e.kind === 'one_time_payment')!;
  return { who, d1, sent, entry };
}

describe('a servicer reversing a payment in parallel', { timeout: 180_000 }, () => {
  it('20 reversals of the same payment at once: one reverses it, the others 409, one reversal entry', async () => {
    const { who, sent, entry } = await sentPayment();
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => reverse(who.loan.id, entry.id, `Posted in error (${String(i)})`)));
    const { entries, txs, trail } = await trailOf(who.loan.id);
    expect(answers.map((a) => a.statusCode).sort(), trail).toEqual([200, ...Array.from({ length: 19 }, () => 409)]);
    for (const a of answers.filter((x) => x.statusCode === 409)) expect(a.json<{ error: string }>().error).toBe(SERVICING_BO_MSG.alreadyReversed);
    expect(
      entries.filter((e) => e.kind === 'reversal'),
      trail,
    ).toEqual([expect.objectContaining({ reversesEntryId: entry.id, amountCents: 5_000 })]);
    expect(txs.find((t) => t.id === sent.id)?.status, trail).toBe('returned');
  });

  it("racing the bank's return file of the same debit (3 uploads, 3 reversals): the payment is reversed once, presented again at most once", async () => {
    const { who, d1, sent, entry } = await sentPayment();
    const answers = await Promise.all([
      ...Array.from({ length: 3 }, () => returnDebit(who, sent, 'R01', d1)),
      ...Array.from({ length: 3 }, (_, i) => reverse(who.loan.id, entry.id, `Returned by the bank (${String(i)})`)),
    ]);
    const { entries, txs, trail } = await trailOf(who.loan.id);
    for (const a of answers) expect([200, 409], `${a.body}\n${trail}`).toContain(a.statusCode);
    expect(
      entries.filter((e) => e.kind === 'reversal'),
      trail,
    ).toEqual([expect.objectContaining({ reversesEntryId: entry.id, amountCents: 5_000 })]);
    expect(txs.find((t) => t.id === sent.id)?.status, trail).toBe('returned');
    // An R01 the bank's file applied is presented again once; a servicer's reversal (R10) that won presents nothing.
    expect(txs.filter((t) => t.retryOfId === sent.id).length, trail).toBeLessThanOrEqual(1);
  });

  it('reversing the card payoff of a closed loan (20 at once, with 3 card payments racing): the loan is open again, owes the payoff, and can be paid', async () => {
    const who = await borrower();
    const loanId = who.loan.id;
    const on = parseIsoDate(who.loan.disbursement_date);
    const card = await saveCard(app(), who.token, '4242424242424242');
    const owed = (await ledgerOn(loanId, on)).position.outstandingCents;
    const paidOff = await pull(who.token, { account: card, amount: owed, loan_id: loanId });
    expect(paidOff.statusCode, paidOff.body).toBe(200);
    const payoffEntry = (await entriesOf(loanId)).find((e) => e.kind === 'one_time_payment' && e.amountCents === owed)!;
    expect((await ledgerOn(loanId, on)).row.status).toBe('closed_paid');

    const answers = await Promise.all([
      ...Array.from({ length: 20 }, (_, i) => reverse(loanId, payoffEntry.id, `Card payment disputed (${String(i)})`)),
      ...Array.from({ length: 3 }, () => pull(who.token, { account: card, amount: 1_000, loan_id: loanId })),
    ]);
    const { entries, trail } = await trailOf(loanId);
    const reversals = answers.slice(0, 20);
    expect(reversals.map((a) => a.statusCode).sort(), trail).toEqual([200, ...Array.from({ length: 19 }, () => 409)]);
    // A card payment that came before the reversal found nothing owed (refused); one after it was taken.
    const pulledCents = answers.slice(20).filter((a) => a.statusCode === 200).length * 1_000;
    for (const a of answers.slice(20)) expect([200, 422], `${a.body}\n${trail}`).toContain(a.statusCode);
    expect(
      entries.filter((e) => e.kind === 'reversal'),
      trail,
    ).toEqual([expect.objectContaining({ reversesEntryId: payoffEntry.id, amountCents: owed })]);

    const { row, position } = await ledgerOn(loanId, on);
    expect(row.status, trail).toBe('opened');
    expect(position.outstandingCents, trail).toBe(owed - pulledCents);
    expect(position.unappliedCents, trail).toBe(0);
    expect(await money.expectFiguresAgree(who, on)).toMatchObject({ position: { outstandingCents: owed - pulledCents } });
    // The borrower is told the loan is open again, and what it owes.
    const told = (await db().select().from(notifications).where(eq(notifications.userId, who.id))).map((n) => n.message);
    expect(
      told.some((m) => m.includes(`so your loan ${who.loan.identifier} is open again`)),
      told.join('\n'),
    ).toBe(true);

    // It can be paid again, never beyond what it owes, and then it is closed.
    const tooMuch = await pull(who.token, { account: card, amount: owed - pulledCents + 1, loan_id: loanId });
    expect(tooMuch.statusCode, tooMuch.body).toBe(422);
    const rest = await pull(who.token, { account: card, amount: owed - pulledCents, loan_id: loanId });
    expect(rest.statusCode, rest.body).toBe(200);
    expect((await ledgerOn(loanId, on)).row.status).toBe('closed_paid');
    expect((await ledgerOn(loanId, on)).position).toMatchObject({ outstandingCents: 0, unappliedCents: 0 });
  });
});

describe('auto-debit authorizations in parallel', { timeout: 180_000 }, () => {
  const authorise = async (who: { token: string; loan: { id: number } }) => {
    const next = await call(app(), { url: `/api/transactions/loan/next_term_date/${String(who.loan.id)}`, headers: auth(who.token) });
    expect(next.statusCode, next.body).toBe(200);
    const body = {
      method: 'ach',
      mode: 'auto_debit',
      loan_id: who.loan.id,
      amount: next.json<TNextTermDateResponse>().payment_per_term,
      disclosure_accepted: true,
      params: { customBanking: { account_number: '987654321', routing_number: CLEARBROOK.routing, account_type: 'checking' } },
    };
    return () => pay(who.token, body);
  };
  /** A funded borrower who repays online (one-time payments, auto-debit), not by payroll allotment. */
  const onlineBorrower = async () => {
    const who = await borrower();
    const loan = (await app().ctx.repos.loanBook.loan(who.loan.id))!;
    await db().update(applications).set({ paymentMethod: 'one_times' }).where(eq(applications.id, loan.applicationId));
    return who;
  };
  const errorOf = (res: { json: <T>() => T }) => res.json<{ error_messages: string[] }>().error_messages;

  it('10 authorizations with 10 keys at once: one set up (one authorization, one debit scheduled), the others 422', async () => {
    const who = await onlineBorrower();
    const one = await authorise(who);
    const answers = await Promise.all(Array.from({ length: 10 }, one));
    const { txs, trail } = await trailOf(who.loan.id);
    expect(answers.map((a) => a.statusCode).sort(), trail).toEqual([200, ...Array.from({ length: 9 }, () => 422)]);
    for (const a of answers.filter((x) => x.statusCode === 422)) expect(errorOf(a)).toEqual([PAYMENT_MSG.autoDebitExists]);
    const active = (await db().select().from(autoDebitAuthorizations).where(eq(autoDebitAuthorizations.loanId, who.loan.id))).filter(
      (x) => x.revokedAt === null,
    );
    expect(active, trail).toHaveLength(1);
    expect(
      txs.filter((t) => t.mode === 'auto_debit' && t.status === 'scheduled'),
      trail,
    ).toEqual([expect.objectContaining({ autoDebitAuthorizationId: active[0]!.id })]);
  });

  it('5 authorizations racing 5 payoffs for today: one payoff on its way, alone; no debit scheduled beside it', async () => {
    const who = await onlineBorrower();
    const one = await authorise(who);
    const payoff = () => pay(who.token, { method: 'ach', mode: 'payoff', loan_id: who.loan.id, scheduling: { date: who.loan.disbursement_date } });
    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => (i % 2 === 0 ? one() : payoff())));
    const { txs, trail } = await trailOf(who.loan.id);
    for (const a of answers) expect([200, 422], `${a.body}\n${trail}`).toContain(a.statusCode);
    const waiting = txs.filter((t) => t.status === 'scheduled' || t.status === 'pending');
    // The payoff takes everything: an auto-debit accepted before it is replaced (canceled), one asked after it is refused.
    expect(
      waiting.map((t) => t.mode),
      trail,
    ).toEqual(['payoff']);
    const q = await money.quote(who.token, who.loan.id, who.loan.disbursement_date);
    expect(waiting[0]!.amountCents, trail).toBeLessThanOrEqual(q.payoff_amount);
    expect(
      answers.filter((a, i) => i % 2 === 1 && a.statusCode === 200),
      trail,
    ).toHaveLength(1);
  });
});

describe('the refund of a credit balance, by ACH credit', { timeout: 180_000 }, () => {
  it('20 parallel refunds send one credit, under the NACHA trace number reserved for its key (no debit or disbursement has it)', async () => {
    const who = await borrower();
    const loanId = who.loan.id;
    // Funded by ACH credit: the verified account on file is where the refund goes.
    // What the loan owes on the day the credit arrives (the business date: the disbursement date), as the ledger
    // gives it, which is what the refund measures the credit against. Not the payoff quote of that day: once the
    // day's daily run has gone out, a payoff asked for today settles on the next business day, one day of interest
    // more; and the database is one per worker, so an earlier file may well have run this day already.
    const on = parseIsoDate(who.loan.disbursement_date);
    const payoff = (await money.ledgerOn(loanId, on)).position.outstandingCents;
    expect(payoff).toBeGreaterThan(0);
    // The credit arrives beyond the payoff (an employer's remittance), without the remittance path's own refund.
    await app().ctx.repos.loanBook.recordPayment({
      loanId,
      kind: 'payroll_remittance',
      effectiveDate: on,
      amountCents: cents(payoff + 654),
      idempotencyKey: `audit-credit-${String(loanId)}`,
      at: app().ctx.now(),
    });
    const spy = vi.spyOn(app().ctx.providers.ach, 'originateCredit');
    try {
      const outcomes = await Promise.all(Array.from({ length: 20 }, () => refundCreditBalance(app().ctx, loanId, 'parallel')));
      expect(outcomes.flatMap((o) => o.refunds).map((r) => r.amountCents)).toEqual([654]);
      const key = `payrail-refund:${creditRefundKey(loanId, 1)}`;
      const credits: AchCredit[] = spy.mock.calls.map((c) => c[0]).filter((c) => c.idempotencyKey === key);
      expect(credits).toHaveLength(1);
      const [reserved] = await db().select().from(achCreditTraceNumbers).where(eq(achCreditTraceNumbers.idempotencyKey, key));
      expect(reserved?.traceNumber).toMatch(/^[0-9]{15}$/);
      expect(credits[0]).toMatchObject({ amountCents: 654, traceNumber: reserved!.traceNumber, individualId: who.loan.identifier });
      // The number is ours alone: no debit and no disbursement carries it (a bank's return of it matches nothing of theirs).
      expect(await db().select().from(loanTransactions).where(eq(loanTransactions.achTraceNumber, reserved!.traceNumber))).toEqual([]);
      expect(await db().select().from(disbursements).where(eq(disbursements.achTraceNumber, reserved!.traceNumber))).toEqual([]);
      expect((await entriesOf(loanId)).filter((e) => e.kind === 'refund')).toEqual([
        expect.objectContaining({ amountCents: 654, idempotencyKey: creditRefundKey(loanId, 1) }),
      ]);
    } finally {
      spy.mockRestore();
    }
  });
});

describe('the status after a ledger change (refreshLoanStatus)', { timeout: 180_000 }, () => {
  it('moves a late loan to default, never to charge-off (the daily run does that, with its entries); 20 at once agree', async () => {
    const who = await borrower();
    const late = addDays(parseIsoDate(who.loan.disbursement_date), 75);
    expect((await ledgerOn(who.loan.id, late)).position.daysPastDue).toBeGreaterThanOrEqual(20);
    await money.setBusinessDate(late);
    const thresholds = { defaultDays: 5, chargeOffDays: 20 };
    const answers = await Promise.all(Array.from({ length: 20 }, () => refreshLoanStatus(app().ctx, who.loan.id, thresholds)));
    expect(new Set(answers)).toEqual(new Set(['default']));
    const { entries, trail } = await trailOf(who.loan.id);
    expect((await ledgerOn(who.loan.id, late)).row.status, trail).toBe('default');
    expect(
      entries.filter((e) => e.kind === 'charge_off'),
      trail,
    ).toEqual([]);
  });
});
