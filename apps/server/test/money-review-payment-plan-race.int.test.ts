/**
 * Signing a payment plan while payments are sent at the same moment (docs/servicing.md, "The loan book"):
 * the plan is applied under the loan's row lock only when nothing moved on the loan since its proposal
 * (its fingerprint: money posted, payments on their way, the schedule) and it quotes again exactly as
 * signed; a payment is checked under the same lock against what is owed, payments on their way included.
 * So whichever commits first, the other sees it: a payment that landed first makes the signature 409
 * ("moved"), and payments after the plan are checked against the plan's figures. Never a 5xx, never more
 * taken or scheduled than owed, and the borrower's, the servicer's and the ledger's figures agree. Both
 * databases (TEST_DB=postgres runs it on PostgreSQL).
 */
import { PAYMENT_PLAN_API_MSG } from '@payrail/contract/payment-plan';
import type { TPaymentPlan } from '@payrail/contract/payment-plan';
import type { IsoDate } from '@payrail/domain/dates';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerEntries, loanPaymentPlans, loanTransactions, loans } from '../src/db/schema/index';
import { loanState } from '../src/modules/loan-book/use-cases/loan-position';
import { staffToken, tempDataDir } from './application-helpers';
import { setNames } from './banking-helpers';
import { fundedLoan, PAYMENT_PLAN_TERMS as TERMS } from './collections-helpers';
import type { FundedLoan } from './collections-helpers';
import { auth, call } from './identity-helpers';
import { type TestApp, testApp } from './test-app';

// As payment-plan.int.test.ts: disbursed 2031-01-02, 6 monthly payments from 2031-02-02, repaid by payroll
// allotment; nothing paid, so on 2031-03-20 two installments are past due.
const NOW = new Date('2031-03-20T12:00:00Z');
const TODAY = '2031-03-20' as IsoDate;
const files = tempDataDir();
let app: TestApp;
let servicer: string;
beforeAll(async () => {
  app = await testApp({ now: () => NOW, config: { dataDir: files.dataDir } });
  servicer = await staffToken(app, 'servicer@payrail.test');
  await app.ctx.repos.loanBook.setBusinessDateOverride(TODAY, null, NOW);
}, 240_000);
afterAll(async () => {
  await app.ctx.repos.loanBook.setBusinessDateOverride(null, null, NOW);
  await app.close();
  files.remove();
});

const db = () => app.ctx.database.db;

async function proposedPlan(): Promise<{ loan: FundedLoan; plan: TPaymentPlan }> {
  const loan = await fundedLoan(app, { disbursementDate: '2031-01-02', firstPaymentDate: '2031-02-02', payments: 6, amountCents: 300_000, allotment: true });
  await setNames(app, loan.userId, 'Avery', 'Lindqvist');
  const res = await call(app, { method: 'POST', url: `/api/backoffice/loans/${loan.loanId}/payment_plans`, headers: auth(servicer), payload: TERMS });
  expect(res.statusCode, res.body).toBe(201);
  return { loan, plan: res.json<TPaymentPlan>() };
}

/** A debit card saved through the sandbox tokenizer, valid on the pinned clock (2031). */
async function saveCard(token: string): Promise<number> {
  const tok = await call(app, {
    method: 'POST',
    url: '/api/card_tokenizer/sandbox/tokenize',
    payload: { name: 'Avery Lindqvist', number: '4242424242424242', exp_month: '12', exp_year: '2035', cvc: '123' },
  });
  expect(tok.statusCode, tok.body).toBe(200);
  const added = await call(app, {
    method: 'POST',
    url: '/api/add_debit_card',
    headers: auth(token),
    payload: { card: { token: tok.json<{ id: string }>().id } },
  });
  expect(added.statusCode, added.body).toBe(201);
  return added.json<{ card: { id: number } }>().card.id;
}

let n = 0;
const key = () => `plan-race-${Date.now().toString(36)}-${String(++n)}`;
const sign = (loan: FundedLoan, planId: number) =>
  call(app, {
    method: 'POST',
    url: `/api/dashboard/payment_plans/${planId}/sign`,
    headers: { ...auth(loan.token), 'idempotency-key': key() },
    payload: { signature_name: 'Avery Lindqvist', agree: true, as_of: TODAY },
  });
const achPayment = (loan: FundedLoan, amount: number) =>
  call(app, {
    method: 'POST',
    url: '/api/request_payment',
    headers: { ...auth(loan.token), 'idempotency-key': key() },
    payload: {
      method: 'ach',
      mode: 'one_time',
      loan_id: loan.loanId,
      amount,
      scheduling: { instant: true, date: TODAY },
      params: { customBanking: { account_number: '000123456789', routing_number: '034821624', account_type: 'checking' } },
    },
  });
const cardPayment = (loan: FundedLoan, card: number, amount: number) =>
  call(app, {
    method: 'POST',
    url: '/api/create_pull_transaction',
    headers: { ...auth(loan.token), 'idempotency-key': key() },
    payload: { card: { account: card, amount, loan_id: loan.loanId } },
  });

describe('signing a payment plan while payments are sent', { timeout: 180_000 }, () => {
  it.each([1, 2, 3])('round %i: 2 signatures, 2 ACH and 2 card payments at once: the plan applies only over the state it was signed on', async () => {
    const { loan, plan } = await proposedPlan();
    const card = await saveCard(loan.token);
    const answers = await Promise.all([
      sign(loan, plan.id),
      achPayment(loan, 5000),
      cardPayment(loan, card, 2500),
      sign(loan, plan.id),
      achPayment(loan, 4000),
      cardPayment(loan, card, 1500),
    ]);
    const trail = JSON.stringify(answers.map((a) => [a.statusCode, a.body.slice(0, 140)]));
    for (const a of answers) expect(a.statusCode, trail).toBeLessThan(500);
    const signs = [answers[0]!, answers[3]!];
    const payments = [answers[1]!, answers[2]!, answers[4]!, answers[5]!];
    expect(signs.filter((s) => s.statusCode === 200).length, trail).toBeLessThanOrEqual(1);
    for (const s of signs.filter((x) => x.statusCode !== 200)) {
      expect(s.statusCode, trail).toBe(409);
      expect([PAYMENT_PLAN_API_MSG.moved, PAYMENT_PLAN_API_MSG.notOpen], trail).toContain(s.json<{ error: string }>().error);
    }
    // Small payments far below what is owed: accepted whichever came first (checked against the plan's figures or the loan's).
    for (const p of payments) expect(p.statusCode, trail).toBe(200);

    const [row] = await db().select().from(loans).where(eq(loans.id, loan.loanId));
    const plans = await db().select().from(loanPaymentPlans).where(eq(loanPaymentPlans.loanId, loan.loanId));
    const txs = await db().select().from(loanTransactions).where(eq(loanTransactions.loanId, loan.loanId)).orderBy(asc(loanTransactions.id));
    const entries = await db().select().from(ledgerEntries).where(eq(ledgerEntries.loanId, loan.loanId)).orderBy(asc(ledgerEntries.id));
    const accepted = plans.filter((p) => p.status === 'accepted');
    const signed = signs.some((s) => s.statusCode === 200);
    expect(accepted.length, trail).toBe(signed ? 1 : 0);
    expect((row!.paymentPlans ?? []).length, trail).toBe(signed ? 1 : 0);
    // Every payment the answers accepted is on the books, once; none of the refused ones is.
    const paid = payments.filter((p) => p.statusCode === 200).length;
    const cardEntries = entries.filter((e) => e.kind === 'one_time_payment');
    const scheduled = txs.filter((t) => t.status === 'scheduled' || t.status === 'pending' || t.status === 'settled');
    expect(scheduled.length, trail).toBe(paid);
    for (const e of [...cardEntries, ...txs]) expect(Number.isSafeInteger(e.amountCents) && e.amountCents > 0, trail).toBe(true);
    // Nothing beyond what is owed: what was taken and what is on its way fit within what the loan owes today.
    const state = await loanState(app.ctx, row!, TODAY);
    const onItsWay = txs.filter((t) => t.status === 'scheduled').reduce((s, t) => s + t.amountCents, 0);
    expect(state.position.unappliedCents, trail).toBe(0);
    expect(onItsWay, trail).toBeLessThanOrEqual(state.position.outstandingCents);
    // The plan applied over the loan as it stood: if a payment landed first, signing refused ("moved").
    if (signed && paid > 0) {
      // The payments came after the plan (they were checked against it): the plan's waiver and schedule stand.
      expect(
        entries.some((e) => e.kind === 'waiver'),
        trail,
      ).toBe(true);
    }
    // The borrower's record and the servicer's page agree with the ledger.
    const mine = await call(app, { url: '/api/loans/last', headers: auth(loan.token) });
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json<{ loan: { outstanding_balance: number } }>().loan.outstanding_balance, trail).toBe(state.position.outstandingCents);
    const desk = await call(app, { url: `/api/backoffice/loans/${loan.loanId}/servicing`, headers: auth(servicer) });
    expect(desk.statusCode, desk.body).toBe(200);
    expect(desk.json<{ payoff_amount: number }>().payoff_amount, trail).toBe(state.position.outstandingCents);
  });
});
