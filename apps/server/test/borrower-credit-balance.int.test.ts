import { parseIsoDate } from '@payrail/domain/dates';
import { cents } from '@payrail/domain/money';
import type { TDebitDisbursementResponse, TLoanHistoryResponse, TOngoingLoansResponse } from '@payrail/contract/servicing';
import { ZLoanHistoryResponse } from '@payrail/contract/servicing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businessToday } from '../src/lib/business-clock';
import { classicApp } from './application-helpers';
import { auth, call } from './identity-helpers';
import { fundedBorrower, saveCard } from './servicing-helpers';
import type { TestApp } from './test-app';

/**
 * The borrower's loan record carries its credit balance (`credit_balance`, cents): money received beyond
 * what the loan owes and not refunded yet — what the loan-details screen offers to send to a debit card
 * (POST /create_debit_disbursement). Each test funds its own loan.
 */
let app: TestApp;
let keyN = 0;
const newKey = () => `credit-balance-${Date.now().toString(36)}-${String(++keyN)}`;
const get = (token: string, url: string) => call(app, { url: `/api${url}`, headers: auth(token) });
const post = (token: string, url: string, payload: Record<string, unknown>) =>
  call(app, { method: 'POST', url: `/api${url}`, headers: { ...auth(token), 'idempotency-key': newKey() }, payload });
const loanOf = async (token: string, loanId: number) => {
  const res = await get(token, '/loans/history');
  expect(res.statusCode).toBe(200);
  const body = ZLoanHistoryResponse.parse(res.json<TLoanHistoryResponse>());
  return body.loans.find((l) => l.id === loanId)!;
};

beforeAll(async () => {
  app = await classicApp({ config: { requireHumanReview: true } });
}, 240_000);
afterAll(async () => {
  await app.ctx.repos.loanBook.setBusinessDateOverride(null, null, app.ctx.now());
  await app.close();
});

describe('credit_balance on the borrower’s loan record (GET /loans/history, /loans/ongoing_loans, /loans/last)', () => {
  it('0 on an open loan; the money beyond the payoff once it is paid off; what is left after a refund to the card', async () => {
    await app.ctx.repos.loanBook.setBusinessDateOverride(null, null, app.ctx.now());
    const owner = await fundedBorrower(app);
    await app.ctx.repos.loanBook.setBusinessDateOverride(parseIsoDate(owner.loan.disbursement_date), null, app.ctx.now());
    const card = await saveCard(app, owner.token, '4242424242424242');

    const open = await loanOf(owner.token, owner.loan.id);
    expect(open.loan_status).toBe('opened');
    expect(open.credit_balance).toBe(0);
    const ongoing = (await get(owner.token, '/loans/ongoing_loans')).json<TOngoingLoansResponse>();
    expect(ongoing.opened_loan?.loan.credit_balance).toBe(0);

    // Paid off by card, then the employer's remittance arrives anyway: $30.00 beyond the payoff.
    expect(
      (await post(owner.token, '/create_pull_transaction', { card: { account: card, amount: open.outstanding_balance, loan_id: owner.loan.id } })).statusCode,
    ).toBe(200);
    const today = await businessToday(app.ctx);
    await app.ctx.repos.loanBook.recordPayment({
      loanId: owner.loan.id,
      kind: 'payroll_remittance',
      effectiveDate: today,
      amountCents: cents(3000),
      idempotencyKey: `credit-balance-remit-${owner.loan.id}`,
      at: app.ctx.now(),
    });
    const credited = await loanOf(owner.token, owner.loan.id);
    expect(credited.credit_balance).toBe(3000);
    expect(credited.outstanding_balance).toBe(0);
    expect((await get(owner.token, '/loans/last')).json<{ loan: { credit_balance: number } }>().loan.credit_balance).toBe(3000);

    // Part of it sent to the card: the record shows what is left, the same figure the refund's answer gives.
    const refund = await post(owner.token, '/create_debit_disbursement', { card: { account: card, amount: 1200, loan_id: owner.loan.id } });
    expect(refund.statusCode).toBe(200);
    expect(refund.json<TDebitDisbursementResponse>().credit_balance).toBe(1800);
    expect((await loanOf(owner.token, owner.loan.id)).credit_balance).toBe(1800);
  });

  it('another member’s loan (and its figures) never appears in the history', async () => {
    await app.ctx.repos.loanBook.setBusinessDateOverride(null, null, app.ctx.now());
    const a = await fundedBorrower(app);
    const b = await fundedBorrower(app);
    const history = (await get(b.token, '/loans/history')).json<TLoanHistoryResponse>();
    expect(history.loans.some((l) => l.id === a.loan.id)).toBe(false);
    expect(history.loans.every((l) => l.credit_balance === 0)).toBe(true);
  });
});
