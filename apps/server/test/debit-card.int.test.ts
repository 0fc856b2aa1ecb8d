import { PAYMENT_MSG } from '@payrail/contract/servicing';
import type { TDebitTransactionsResponse, TPullTransactionResponse } from '@payrail/contract/servicing';
import { formatCents } from '@payrail/domain/money';
import type { Cents } from '@payrail/domain/money';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businessToday } from '../src/lib/business-clock';
import { classicApp } from './application-helpers';
import { borrowerGet, borrowerPost, cardHolders, closeOnRealDate, errorsOf, type FundedBorrower, keyMaker } from './servicing-helpers';
import type { TestApp } from './test-app';

let app: TestApp;
let owner: FundedBorrower;
let other: FundedBorrower;
let goodCard: number;
let declinedCard: number;
let poorCard: number;
let othersCard: number;

const get = (token: string, url: string) => borrowerGet(app, token, url);
const post = (token: string, url: string, payload: Record<string, unknown>, key: string | null) => borrowerPost(app, token, url, payload, key);
const newKey = keyMaker('card-key');
const pull = (token: string, card: Record<string, unknown>, key: string | null = newKey()) => post(token, '/create_pull_transaction', { card }, key);

beforeAll(async () => {
  app = await classicApp({ config: { requireHumanReview: true } });
  ({
    owner,
    other,
    cards: [goodCard, declinedCard, poorCard],
    othersCard,
  } = await cardHolders(app, ['4242424242424242', '4000000000000341', '4000000000009995'], '5555555555554444'));
});
afterAll(() => closeOnRealDate(app));

/** Today's payoff, what a card payment (settled at once) may take: the loan record's outstanding balance as of the business date. */
const payoffToday = async (token: string, loanId: number) => {
  const loans = (await get(token, '/loans/history')).json<{ loans: { id: number; outstanding_balance: number }[] }>().loans;
  return loans.find((l) => l.id === loanId)!.outstanding_balance;
};
const ledger = (loanId: number) => app.ctx.repos.loanBook.ledger(loanId);

describe('POST /create_pull_transaction', () => {
  it('charges the saved card, settles at once and posts a one-time payment to the ledger', async () => {
    const before = await payoffToday(owner.token, owner.loan.id);
    const entriesBefore = (await ledger(owner.loan.id)).length;
    const res = await pull(owner.token, { account: goodCard, amount: 2500 });
    expect(res.statusCode).toBe(200);
    const body = res.json<TPullTransactionResponse>();
    expect(body).toMatchObject({
      ok: true,
      message: PAYMENT_MSG.sent,
      card: { id: goodCard, last4: '4242' },
      transaction: { amount: 2500, pay_method: 'debitcard', transaction_mode: 'one_time', transaction_status: 'settled' },
    });
    expect(body.charge_id).toMatch(/^ch_sandbox_/);
    const entries = await ledger(owner.loan.id);
    expect(entries).toHaveLength(entriesBefore + 1);
    expect(entries.at(-1)).toMatchObject({
      kind: 'one_time_payment',
      amountCents: 2500,
      transactionId: body.transaction.id,
      effectiveDate: await businessToday(app.ctx),
    });
    expect(await payoffToday(owner.token, owner.loan.id)).toBe(before - 2500);
    const txn = await app.ctx.repos.loanBook.transaction(body.transaction.id);
    expect(txn).toMatchObject({ status: 'settled', method: 'debitcard', settledOn: await businessToday(app.ctx) });
  });

  it('a retry with the same Idempotency-Key is ONE charge and ONE ledger entry, answered identically', async () => {
    const key = newKey();
    const first = await pull(owner.token, { account: goodCard, amount: 1500, loan_id: owner.loan.id }, key);
    expect(first.statusCode).toBe(200);
    const entries = (await ledger(owner.loan.id)).length;
    const again = await pull(owner.token, { account: goodCard, amount: 1500, loan_id: owner.loan.id }, key);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(await ledger(owner.loan.id)).toHaveLength(entries);
    const reused = await pull(owner.token, { account: goodCard, amount: 1600, loan_id: owner.loan.id }, key);
    expect(reused.statusCode).toBe(409);
    expect(errorsOf(reused)).toEqual([PAYMENT_MSG.idempotencyKeyReused]);
  });

  it('answers the processor decline in error_messages and writes nothing', async () => {
    const entries = (await ledger(owner.loan.id)).length;
    const listed = (await get(owner.token, '/get_debit_transactions')).json<TDebitTransactionsResponse>().transactions.length;
    const declined = await pull(owner.token, { account: declinedCard, amount: 2000 });
    expect(declined.statusCode).toBe(422);
    expect(errorsOf(declined)).toEqual(['Your card was declined.']);
    const poor = await pull(owner.token, { account: poorCard, amount: 2000 });
    expect(errorsOf(poor)).toEqual(['Your card has insufficient funds.']);
    expect(await ledger(owner.loan.id)).toHaveLength(entries);
    expect((await get(owner.token, '/get_debit_transactions')).json<TDebitTransactionsResponse>().transactions).toHaveLength(listed);
  });

  it("refuses another borrower's card and another borrower's loan", async () => {
    const card = await pull(owner.token, { account: othersCard, amount: 2000 });
    expect(card.statusCode).toBe(422);
    expect(errorsOf(card)).toEqual([PAYMENT_MSG.cardNotFound]);
    const loan = await pull(other.token, { account: othersCard, amount: 2000, loan_id: owner.loan.id });
    expect(loan.statusCode).toBe(404);
    const entries = await ledger(other.loan.id);
    expect(entries.filter((e) => e.kind === 'one_time_payment')).toHaveLength(0);
  });

  it('checks the amount against the minimum and the payoff, and needs the Idempotency-Key', async () => {
    expect(errorsOf(await pull(owner.token, { account: goodCard, amount: 999 }))).toEqual([PAYMENT_MSG.lowerThanMinimum]);
    expect(errorsOf(await pull(owner.token, { account: goodCard, amount: '12.50' }))).toEqual([PAYMENT_MSG.amountRequired]);
    const payoff = await payoffToday(owner.token, owner.loan.id);
    expect(errorsOf(await pull(owner.token, { account: goodCard, amount: payoff + 1 }))).toEqual([PAYMENT_MSG.amountAbovePayoff(formatCents(payoff as Cents))]);
    expect(errorsOf(await pull(owner.token, {}))).toEqual([PAYMENT_MSG.cardNotFound, PAYMENT_MSG.amountRequired]);
    const noKey = await pull(owner.token, { account: goodCard, amount: 2000 }, null);
    expect(noKey.statusCode).toBe(400);
    expect(errorsOf(noKey)).toEqual([PAYMENT_MSG.idempotencyKeyInvalid]);
  });
});

describe('GET /get_debit_transactions', () => {
  it("lists the borrower's own card payments, newest first", async () => {
    const mine = (await get(owner.token, '/get_debit_transactions')).json<TDebitTransactionsResponse>();
    expect(mine.transactions.map((t) => t.amount)).toEqual([1500, 2500]);
    expect(mine.transactions[0]).toMatchObject({
      loan_id: owner.loan.id,
      card_last4: '4242',
      pay_method: 'debitcard',
      transaction_status: 'settled',
      settled_on: await businessToday(app.ctx),
    });
    expect((await get(other.token, '/get_debit_transactions')).json<TDebitTransactionsResponse>().transactions).toEqual([]);
  });
});
