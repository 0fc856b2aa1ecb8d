import { cents } from '@payrail/domain/money';
import { PAYMENT_MSG } from '@payrail/contract/servicing';
import type { TDebitDisbursementResponse } from '@payrail/contract/servicing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businessToday } from '../src/lib/business-clock';
import { classicApp } from './application-helpers';
import { borrowerGet, borrowerPost, cardHolders, closeOnRealDate, errorsOf, type FundedBorrower, keyMaker } from './servicing-helpers';
import type { TestApp } from './test-app';

let app: TestApp;
let owner: FundedBorrower;
let other: FundedBorrower;
let goodCard: number;
let refundFailsCard: number;
let unusedCard: number;
let othersCard: number;

const get = (token: string, url: string) => borrowerGet(app, token, url);
const post = (token: string, url: string, payload: Record<string, unknown>, key: string | null) => borrowerPost(app, token, url, payload, key);
const newKey = keyMaker('refund-key');
const disburse = (token: string, card: Record<string, unknown>, key: string | null = newKey()) => post(token, '/create_debit_disbursement', { card }, key);
const refunds = async (loanId: number) => (await app.ctx.repos.loanBook.ledger(loanId)).filter((e) => e.kind === 'refund');

beforeAll(async () => {
  app = await classicApp({ config: { requireHumanReview: true } });
  ({
    owner,
    other,
    cards: [goodCard, refundFailsCard, unusedCard],
    othersCard,
  } = await cardHolders(app, ['4242424242424242', '4000000000005126', '5555555555554444'], '5200828282828210'));
}, 240_000);
afterAll(() => closeOnRealDate(app));

describe('POST /create_debit_disbursement (the credit balance refunded to a debit card)', () => {
  it('refuses while the loan has no credit balance', async () => {
    const res = await disburse(owner.token, { account: goodCard });
    expect(res.statusCode).toBe(422);
    expect(errorsOf(res)).toEqual([PAYMENT_MSG.noCreditBalance]);
  });

  it('after an overpayment: refuses a card never paid with, an amount above the credit, a failing refund — writing nothing', async () => {
    // Pay part by the "refund fails" test card and the rest of the payoff by the good card: the loan closes.
    const today = await businessToday(app.ctx);
    expect((await post(owner.token, '/create_pull_transaction', { card: { account: refundFailsCard, amount: 1000 } }, newKey())).statusCode).toBe(200);
    // Today's payoff for a card payment (settled at once): the loan record's outstanding balance.
    const payoff = (await get(owner.token, '/loans/history'))
      .json<{ loans: { id: number; outstanding_balance: number }[] }>()
      .loans.find((l) => l.id === owner.loan.id)!.outstanding_balance;
    expect((await post(owner.token, '/create_pull_transaction', { card: { account: goodCard, amount: payoff } }, newKey())).statusCode).toBe(200);
    // Then the employer's remittance arrives anyway: $30.00 received beyond the payoff.
    await app.ctx.repos.loanBook.recordPayment({
      loanId: owner.loan.id,
      kind: 'payroll_remittance',
      effectiveDate: today,
      amountCents: cents(3000),
      idempotencyKey: `test-remit-${owner.loan.id}`,
      at: app.ctx.now(),
    });

    expect(errorsOf(await disburse(owner.token, { account: unusedCard }))).toEqual([PAYMENT_MSG.cardNotPaidWith]);
    expect(errorsOf(await disburse(owner.token, { account: goodCard, amount: 3001 }))).toEqual([PAYMENT_MSG.refundAboveCredit('30.00')]);
    expect(errorsOf(await disburse(owner.token, { account: goodCard, amount: '12x' }))).toEqual([PAYMENT_MSG.amountRequired]);
    const failing = await disburse(owner.token, { account: refundFailsCard, amount: 500 });
    expect(failing.statusCode).toBe(422);
    expect(errorsOf(failing)).toEqual(['The refund to your card failed. Please contact us.']);
    expect(errorsOf(await disburse(owner.token, { account: othersCard }))).toEqual([PAYMENT_MSG.cardNotFound]);
    expect((await disburse(other.token, { account: othersCard, loan_id: owner.loan.id })).statusCode).toBe(404);
    expect((await disburse(owner.token, { account: goodCard }, null)).statusCode).toBe(400);
    expect(await refunds(owner.loan.id)).toEqual([]);
  });

  it('refunds part of the credit to the card; a retry is ONE refund answered the same; a reused key for another amount is 409', async () => {
    const key = newKey();
    const res = await disburse(owner.token, { account: goodCard, amount: 1000, loan_id: owner.loan.id }, key);
    expect(res.statusCode).toBe(200);
    const body = res.json<TDebitDisbursementResponse>();
    expect(body).toMatchObject({
      ok: true,
      message: PAYMENT_MSG.refundSent,
      refund: { loan_id: owner.loan.id, amount: 1000, card: { id: goodCard, last4: '4242' } },
      credit_balance: 2000,
    });
    expect(body.refund.payout_id).toMatch(/^re_sandbox_/);
    const again = await disburse(owner.token, { account: goodCard, amount: 1000, loan_id: owner.loan.id }, key);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(body);
    expect((await refunds(owner.loan.id)).map((e) => e.amountCents)).toEqual([1000]);
    const reused = await disburse(owner.token, { account: goodCard, amount: 900, loan_id: owner.loan.id }, key);
    expect(reused.statusCode).toBe(409);
    expect(errorsOf(reused)).toEqual([PAYMENT_MSG.idempotencyKeyReused]);
  });

  it('20 parallel refunds of the whole credit with different keys: exactly one is paid, never more than the credit', async () => {
    const answers = await Promise.all(Array.from({ length: 20 }, () => disburse(owner.token, { account: goodCard })));
    const ok = answers.filter((r) => r.statusCode === 200);
    expect(ok).toHaveLength(1);
    expect(ok[0]!.json<TDebitDisbursementResponse>()).toMatchObject({ refund: { amount: 2000 }, credit_balance: 0 });
    for (const r of answers.filter((a) => a.statusCode !== 200)) expect(errorsOf(r)).toEqual([PAYMENT_MSG.noCreditBalance]);
    expect((await refunds(owner.loan.id)).reduce((s, e) => s + e.amountCents, 0)).toBe(3000);
    expect(errorsOf(await disburse(owner.token, { account: goodCard }))).toEqual([PAYMENT_MSG.noCreditBalance]);
  });
});
