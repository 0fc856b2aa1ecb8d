import { SERVICING_BO_MSG } from '@payrail/contract/servicing-backoffice';
import { cents } from '@payrail/domain/money';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { MockInstance } from 'vitest';
import type { TLoanServicingResponse } from '@payrail/contract/servicing-backoffice';
import type { TPaymentHistoryResponse } from '@payrail/contract/servicing';
import { addDays, addMonths, parseIsoDate } from '@payrail/domain/dates';
import type { IsoDate } from '@payrail/domain/dates';
import type { AchCredit } from '../src/adapters/ach/port';
import { notifications, staffActions } from '../src/db/schema/index';
import { creditRefundKey, refundCreditBalance } from '../src/modules/loan-book/use-cases/refund-credit-balance';
import { runDailyServicing } from '../src/modules/loan-book/use-cases/daily-run';
import { classicApp, staffToken } from './application-helpers';
import { CLEARBROOK } from './banking-helpers';
import { fundedLoan } from './collections-helpers';
import type { FundedLoan } from './collections-helpers';
import { auth, call, outbox } from './identity-helpers';
import { addReceiverAccount, fundedBorrower, fundedBorrowerRepaying, saveCard } from './servicing-helpers';
import type { TestApp } from './test-app';

// "Zero means closed; more than zero comes back": money received beyond what a loan owes is refunded
// automatically (ACH credit to the account on file, or back to the card it came from), once, and the loan
// stays closed.
let app: TestApp;
let servicer: string;
type AppAch = TestApp['ctx']['providers']['ach'];
let achSpy: MockInstance<AppAch['originateCredit']>;
/** The sandbox originator itself (the spy wraps it). */
let sandboxOriginate: AppAch['originateCredit'];
let D: IsoDate; // the business date of the whole file

beforeAll(async () => {
  app = await classicApp({ config: { requireHumanReview: true } });
  await app.ctx.repos.loanBook.setBusinessDateOverride(null, null, app.ctx.now());
  servicer = await staffToken(app, 'servicer@payrail.test');
  sandboxOriginate = app.ctx.providers.ach.originateCredit.bind(app.ctx.providers.ach);
  achSpy = vi.spyOn(app.ctx.providers.ach, 'originateCredit');
}, 60_000);
afterAll(async () => {
  achSpy.mockRestore();
  await app.ctx.repos.loanBook.setBusinessDateOverride(null, null, app.ctx.now()); // other files of this worker read the real date
  await app.close();
});

const db = () => app.ctx.database.db;
const bo = (method: 'GET' | 'POST', url: string, payload?: Record<string, unknown>) =>
  call(app, { method, url: `/api/backoffice${url}`, headers: auth(servicer), ...(payload ? { payload } : {}) });
const page = async (loanId: number) => {
  const res = await bo('GET', `/loans/${loanId}/servicing`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<TLoanServicingResponse>();
};
const refundsOf = async (loanId: number) => (await app.ctx.repos.loanBook.ledger(loanId)).filter((e) => e.kind === 'refund');
const statusOf = async (loanId: number) => (await app.ctx.repos.loanBook.loan(loanId))!.status;
/** The refunds sent by ACH credit for a loan (its identifier is the entry's individual id). */
const achRefundsFor = (identifier: string): AchCredit[] =>
  achSpy.mock.calls.map((c) => c[0]).filter((c) => c.individualId === identifier && c.idempotencyKey.startsWith('payrail-refund:'));
const employerOf = async (loanId: number) => (await app.ctx.repos.loanBook.remittanceCandidates()).find((c) => c.loanId === loanId)!.employer!;
const importLines = async (lines: { employer: string; pay_date: string; borrower_identifier: string; amount: number }[], reference: string) => {
  const res = await bo('POST', '/remittances', { lines, reference });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{
    duplicate: boolean;
    posted: number;
    suspense: number;
    lines: { id: number; status: string; suspense_reason: string | null; loan_id: number | null }[];
  }>();
};
const addReceiver = (userId: number, number: string) => addReceiverAccount(app, userId, number);
/** An allotment loan opened on the business date (written straight into the database), optionally with a verified account on file. */
async function allotmentLoan(account: string | null): Promise<FundedLoan> {
  const loan = await fundedLoan(app, { disbursementDate: D, firstPaymentDate: addMonths(D, 1), allotment: true });
  if (account) await addReceiver(loan.userId, account);
  return loan;
}

describe('a payroll remittance beyond the payoff', () => {
  let owner: Awaited<ReturnType<typeof fundedBorrowerRepaying>>;
  let employer: string;
  let payoff: number;
  const EXCESS = 12_345;
  const line = () => ({ employer, pay_date: D, borrower_identifier: owner.loan.identifier, amount: payoff + EXCESS });

  beforeAll(async () => {
    owner = await fundedBorrowerRepaying(app, 0); // payroll allotment, verified account on file ending 6789
    D = parseIsoDate(owner.loan.disbursement_date);
    await app.ctx.repos.loanBook.setBusinessDateOverride(D, null, app.ctx.now());
    employer = await employerOf(owner.loan.id);
    payoff = (await page(owner.loan.id)).payoff_amount;
  }, 120_000);

  it('closes the loan and refunds exactly the excess, once, by ACH credit to the account on file — shown and audited', async () => {
    const imported = await importLines([line()], `credit-refund-${owner.loan.id}`);
    expect(imported).toMatchObject({ duplicate: false, posted: 1, suspense: 0 });

    expect(await statusOf(owner.loan.id)).toBe('closed_paid');
    const sent = achRefundsFor(owner.loan.identifier);
    expect(sent).toHaveLength(1);
    const key = creditRefundKey(owner.loan.id, 1);
    expect(sent[0]).toMatchObject({ amountCents: EXCESS, account: '000123456789', routing: CLEARBROOK.routing, idempotencyKey: `payrail-refund:${key}` });
    const trace = (await achSpy.mock.results[achSpy.mock.calls.findIndex((c) => c[0] === sent[0])]!.value) as { traceId: string };
    const account = await app.ctx.repos.banking.currentReceiver(owner.id);
    const refunds = await refundsOf(owner.loan.id);
    expect(refunds).toEqual([
      expect.objectContaining({
        kind: 'refund',
        amountCents: EXCESS,
        effectiveDate: D,
        idempotencyKey: key,
        transactionId: null,
        reasonCode: `ach:${String(account!.id)}`,
        reason: expect.stringContaining(`ACH credit ${trace.traceId} to the bank account ending 6789`),
      }),
    ]);
    expect(trace.traceId).toMatch(/^SBX-\d{8}-S-/);

    // The servicer's loan page: the refund in the ledger, nothing owed, no credit left.
    const s = await page(owner.loan.id);
    expect(s).toMatchObject({ payoff_amount: 0, credit_balance: 0, loan: { status: 'closed_paid' } });
    expect(s.ledger.filter((e) => e.kind === 'refund')).toEqual([expect.objectContaining({ amount: EXCESS, reason_code: `ach:${String(account!.id)}` })]);
    expect(s.paid_total).toBe(payoff);

    // The borrower: the loan record (Finished, paid = the payoff), a notification, an e-mail.
    const last = await call(app, { url: '/api/loans/last', headers: auth(owner.token) });
    expect(last.json()).toMatchObject({ loan: { loan_status: 'closed_paid', outstanding_balance: 0, paid_amount: payoff } });
    const notes = await db().select().from(notifications).where(eq(notifications.userId, owner.id));
    expect(notes.filter((n) => n.message.includes('sent it back to your bank account ending 6789'))).toHaveLength(1);
    expect((await outbox(app, owner.email)).filter((m) => m.subject === 'Your Payrail credit balance was refunded')).toHaveLength(1);
    // The payment history lists the remittance (refunds are not payments: see the report / docs).
    const history = (
      await call(app, { url: `/api/loans/history/payments?loan_id=${owner.loan.id}`, headers: auth(owner.token) })
    ).json<TPaymentHistoryResponse>();
    expect(history.payments).toEqual([expect.objectContaining({ source: 'payroll_remittance', amount: payoff + EXCESS, status: 'posted' })]);

    // Audited under the servicer who imported the file.
    const audit = await db()
      .select()
      .from(staffActions)
      .where(and(eq(staffActions.action, 'credit_refunded'), eq(staffActions.targetUserId, owner.id)));
    expect(audit).toEqual([
      expect.objectContaining({ before: { loan_id: owner.loan.id, credit_cents: EXCESS }, after: expect.objectContaining({ left_cents: 0, held: null }) }),
    ]);
  });

  it('a re-import of the same file, and a direct retry, refund nothing more', async () => {
    const again = await importLines([line()], `credit-refund-${owner.loan.id}`);
    expect(again).toMatchObject({ duplicate: true, posted: 1 });
    expect(await refundCreditBalance(app.ctx, owner.loan.id, 'retry')).toMatchObject({ creditCents: 0, refunds: [] });
    expect(await refundsOf(owner.loan.id)).toHaveLength(1);
    expect(achRefundsFor(owner.loan.identifier)).toHaveLength(1);
    expect(await statusOf(owner.loan.id)).toBe('closed_paid');
  });

  it('a remittance that arrives after the payoff is refunded in full; the loan stays closed', async () => {
    const later = await importLines([{ ...line(), amount: 5_000 }], `credit-refund-later-${owner.loan.id}`);
    expect(later).toMatchObject({ posted: 1, suspense: 0 });
    const refunds = await refundsOf(owner.loan.id);
    expect(refunds.map((r) => r.amountCents)).toEqual([EXCESS, 5_000]);
    expect(achRefundsFor(owner.loan.identifier).map((r) => r.amountCents)).toEqual([EXCESS, 5_000]);
    expect(await statusOf(owner.loan.id)).toBe('closed_paid');
    expect(await page(owner.loan.id)).toMatchObject({ payoff_amount: 0, credit_balance: 0 });
  });
});

describe('retries, the missing account, concurrency, suspense', () => {
  it('the provider sent the credit but the commit was lost: the retry (re-import) is the SAME credit, once', async () => {
    const loan = await allotmentLoan('000555000111');
    const payoff = (await page(loan.loanId)).payoff_amount;
    const first: { traceId?: string } = {};
    achSpy.mockImplementationOnce(async (c: AchCredit) => {
      const sent = await sandboxOriginate(c);
      first.traceId = sent.traceId;
      throw new Error('connection lost after the credit was sent');
    });
    const lines = [{ employer: loan.employer, pay_date: D, borrower_identifier: loan.identifier, amount: payoff + 2_500 }];
    expect(await importLines(lines, `crash-${loan.loanId}`)).toMatchObject({ posted: 1 });
    expect(await refundsOf(loan.loanId)).toEqual([]); // rolled back: the credit stays visible
    expect((await page(loan.loanId)).credit_balance).toBe(2_500);

    expect(await importLines(lines, `crash-${loan.loanId}`)).toMatchObject({ duplicate: true });
    const sent = achRefundsFor(loan.identifier);
    expect(sent.map((c) => c.idempotencyKey)).toEqual([
      `payrail-refund:${creditRefundKey(loan.loanId, 1)}`,
      `payrail-refund:${creditRefundKey(loan.loanId, 1)}`,
    ]);
    const refunds = await refundsOf(loan.loanId);
    expect(refunds).toEqual([expect.objectContaining({ amountCents: 2_500, idempotencyKey: creditRefundKey(loan.loanId, 1) })]);
    expect(refunds[0]!.reason).toContain(first.traceId!); // the provider's answer to the retry is the first credit
    expect((await page(loan.loanId)).credit_balance).toBe(0);
  });

  it('no account on file: the credit stays on the loan, visible to the servicer; refunded once an account is added', async () => {
    const loan = await allotmentLoan(null);
    const payoff = (await page(loan.loanId)).payoff_amount;
    expect(
      await importLines([{ employer: loan.employer, pay_date: D, borrower_identifier: loan.identifier, amount: payoff + 4_000 }], `held-${loan.loanId}`),
    ).toMatchObject({ posted: 1 });
    expect(await statusOf(loan.loanId)).toBe('closed_paid');
    expect(await refundsOf(loan.loanId)).toEqual([]);
    expect(achRefundsFor(loan.identifier)).toEqual([]);
    expect((await page(loan.loanId)).credit_balance).toBe(4_000);
    expect(
      await db()
        .select()
        .from(staffActions)
        .where(and(eq(staffActions.action, 'credit_balance_held'), eq(staffActions.targetUserId, loan.userId))),
    ).toHaveLength(1);

    await addReceiver(loan.userId, '000777000222');
    // The next daily run pays the held credit back, with no one asking.
    await runDailyServicing(app.ctx, { from: D, through: D });
    expect(await refundsOf(loan.loanId)).toEqual([expect.objectContaining({ amountCents: 4_000 })]);
    expect(achRefundsFor(loan.identifier).map((r) => r.amountCents)).toEqual([4_000]);
    expect(await refundCreditBalance(app.ctx, loan.loanId, 'again')).toMatchObject({ creditCents: 0, refunds: [] });
    expect((await page(loan.loanId)).credit_balance).toBe(0);
    expect(await statusOf(loan.loanId)).toBe('closed_paid');
  });

  it('20 parallel calls refund once', async () => {
    const loan = await allotmentLoan('000555000333');
    const payoff = (await page(loan.loanId)).payoff_amount;
    // The credit arrives without the remittance path (no refund yet).
    await app.ctx.repos.loanBook.recordPayment({
      loanId: loan.loanId,
      kind: 'payroll_remittance',
      effectiveDate: D,
      amountCents: cents(payoff + 777),
      idempotencyKey: `test-credit-${loan.loanId}`,
      at: app.ctx.now(),
    });
    const outcomes = await Promise.all(Array.from({ length: 20 }, () => refundCreditBalance(app.ctx, loan.loanId, 'parallel')));
    expect(outcomes.flatMap((o) => o.refunds).map((r) => r.amountCents)).toEqual([777]);
    expect(await refundsOf(loan.loanId)).toEqual([expect.objectContaining({ amountCents: 777, idempotencyKey: creditRefundKey(loan.loanId, 1) })]);
    expect(achRefundsFor(loan.identifier)).toHaveLength(1);
    expect((await page(loan.loanId)).credit_balance).toBe(0);
  });

  it('a suspense line assigned beyond the payoff is refunded too', async () => {
    const loan = await allotmentLoan('000555000444');
    const payoff = (await page(loan.loanId)).payoff_amount;
    const imported = await importLines(
      [{ employer: loan.employer, pay_date: D, borrower_identifier: `NOBODY-${loan.loanId}`, amount: payoff + 1_111 }],
      `suspense-${loan.loanId}`,
    );
    expect(imported).toMatchObject({ posted: 0, suspense: 1 });
    const res = await bo('POST', `/remittances/lines/${imported.lines[0]!.id}/resolve`, { action: 'assign', loan_id: loan.loanId });
    expect(res.statusCode, res.body).toBe(200);
    expect(await refundsOf(loan.loanId)).toEqual([expect.objectContaining({ amountCents: 1_111 })]);
    expect(await statusOf(loan.loanId)).toBe('closed_paid');
  });

  it('10 parallel assignments and rejections of one suspense line (to two loans): it is resolved once, posted at most once', async () => {
    const first = await allotmentLoan('000555000555');
    const second = await allotmentLoan('000555000666');
    const imported = await importLines(
      [{ employer: first.employer, pay_date: D, borrower_identifier: `NOBODY-RACE-${first.loanId}`, amount: 5_000 }],
      `suspense-race-${first.loanId}`,
    );
    expect(imported).toMatchObject({ posted: 0, suspense: 1 });
    const lineId = imported.lines[0]!.id;
    const bodies = Array.from({ length: 10 }, (_, i) =>
      i === 9 ? { action: 'reject', reason: 'Not one of our borrowers' } : { action: 'assign', loan_id: i % 2 === 0 ? first.loanId : second.loanId },
    );
    const answers = await Promise.all(bodies.map((b) => bo('POST', `/remittances/lines/${lineId}/resolve`, b)));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, ...Array.from({ length: 9 }, () => 409)]);
    for (const a of answers.filter((x) => x.statusCode === 409)) expect(a.json<{ error: string }>().error).toBe(SERVICING_BO_MSG.lineNotInSuspense);
    const won = answers.find((a) => a.statusCode === 200)!.json<{ line: { status: string; loan_id: number | null } }>().line;
    const posted = [...(await app.ctx.repos.loanBook.ledger(first.loanId)), ...(await app.ctx.repos.loanBook.ledger(second.loanId))].filter(
      (e) => e.kind === 'payroll_remittance',
    );
    if (won.status === 'rejected') expect(posted).toEqual([]);
    else expect(posted).toEqual([expect.objectContaining({ loanId: won.loan_id, amountCents: 5_000 })]);
  });
});

describe('a credit that came from a card payment', () => {
  it('goes back to the card (not by ACH)', async () => {
    const owner = await fundedBorrower(app);
    const start = parseIsoDate(owner.loan.disbursement_date);
    const paidOn = addDays(start, 3);
    await app.ctx.repos.loanBook.setBusinessDateOverride(paidOn, null, app.ctx.now());
    const card = await saveCard(app, owner.token, '4242424242424242');
    const quote = (await page(owner.loan.id)).payoff_amount;
    const paid = await call(app, {
      method: 'POST',
      url: '/api/create_pull_transaction',
      headers: { ...auth(owner.token), 'idempotency-key': `card-payoff-${owner.loan.id}` },
      payload: { card: { account: card, amount: quote } },
    });
    expect(paid.statusCode, paid.body).toBe(200);
    // An employer's remittance dated before the card payment: replayed first, so the card payment is the overpayment.
    await app.ctx.repos.loanBook.recordPayment({
      loanId: owner.loan.id,
      kind: 'payroll_remittance',
      effectiveDate: start,
      amountCents: cents(3_000),
      idempotencyKey: `test-card-credit-${owner.loan.id}`,
      at: app.ctx.now(),
    });
    const credit = (await page(owner.loan.id)).credit_balance;
    expect(credit).toBeGreaterThanOrEqual(3_000);

    const outcome = await refundCreditBalance(app.ctx, owner.loan.id, 'overpayment');
    expect(outcome).toMatchObject({ creditCents: credit, leftCents: 0, refunds: [{ channel: 'card', amountCents: credit }] });
    expect(outcome.refunds[0]!.reference).toMatch(/^re_sandbox_/);
    expect(achRefundsFor(owner.loan.identifier)).toEqual([]);
    const [refund] = await refundsOf(owner.loan.id);
    expect(refund).toMatchObject({ reasonCode: `card:${String(card)}`, idempotencyKey: creditRefundKey(owner.loan.id, 1) });
    expect(refund!.transactionId).not.toBeNull();
    expect(await statusOf(owner.loan.id)).toBe('closed_paid');
    await app.ctx.repos.loanBook.setBusinessDateOverride(D, null, app.ctx.now());
  }, 120_000);
});
