/**
 * POST /api/backoffice/loans/:loanId/refund_credit: a servicer sends a held credit balance back on demand —
 * one the daily run's sweep no longer reaches (paid off more than CREDIT_SWEEP_DAYS ago) or one held for want
 * of an account. The answer says what was sent or why it is held; no credit (or an unknown loan) is a 4xx with
 * nothing written; 20 parallel calls, and a call racing the daily run's sweep, refund once. Runs on PGlite and,
 * with TEST_DB=postgres, on PostgreSQL (where the calls really run in parallel transactions).
 */
import { SERVICING_BO_MSG } from '@payrail/contract/servicing-backoffice';
import type { TLoanServicingResponse, TRefundCreditResponse } from '@payrail/contract/servicing-backoffice';
import { addMonths, parseIsoDate } from '@payrail/domain/dates';
import type { IsoDate } from '@payrail/domain/dates';
import { cents } from '@payrail/domain/money';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { MockInstance } from 'vitest';
import type { AchCredit } from '../src/adapters/ach/port';
import { loans, staffActions } from '../src/db/schema/index';
import { CREDIT_SWEEP_DAYS, runDailyServicing } from '../src/modules/loan-book/use-cases/daily-run';
import { creditRefundKey } from '../src/modules/loan-book/use-cases/refund-credit-balance';
import { classicApp, staffToken } from './application-helpers';
import { fundedLoan } from './collections-helpers';
import type { FundedLoan } from './collections-helpers';
import { auth, call } from './identity-helpers';
import { addReceiverAccount, fundedBorrowerRepaying } from './servicing-helpers';
import type { TestApp } from './test-app';

let app: TestApp;
let servicer: string;
let underwriter: string;
type AppAch = TestApp['ctx']['providers']['ach'];
let achSpy: MockInstance<AppAch['originateCredit']>;
let D: IsoDate; // the business date of the whole file

beforeAll(async () => {
  app = await classicApp({ config: { requireHumanReview: true } });
  await app.ctx.repos.loanBook.setBusinessDateOverride(null, null, app.ctx.now());
  [servicer, underwriter] = await Promise.all([staffToken(app, 'servicer@payrail.test'), staffToken(app, 'underwriter@payrail.test')]);
  achSpy = vi.spyOn(app.ctx.providers.ach, 'originateCredit');
  // A loan funded through the product: its disbursement date is the file's business date.
  const owner = await fundedBorrowerRepaying(app, 0);
  D = parseIsoDate(owner.loan.disbursement_date);
  await app.ctx.repos.loanBook.setBusinessDateOverride(D, null, app.ctx.now());
}, 120_000);
afterAll(async () => {
  achSpy.mockRestore();
  await app.ctx.repos.loanBook.setBusinessDateOverride(null, null, app.ctx.now()); // other files of this worker read the real date
  await app.close();
});

const db = () => app.ctx.database.db;
const bo = (method: 'GET' | 'POST', url: string, payload?: Record<string, unknown>, token = servicer) =>
  call(app, { method, url: `/api/backoffice${url}`, headers: auth(token), ...(payload ? { payload } : {}) });
const refund = (loanId: number, reason = 'Borrower called: send the overpayment back', token = servicer) =>
  bo('POST', `/loans/${loanId}/refund_credit`, { reason }, token);
const page = async (loanId: number) => {
  const res = await bo('GET', `/loans/${loanId}/servicing`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<TLoanServicingResponse>();
};
const refundsOf = async (loanId: number) => (await app.ctx.repos.loanBook.ledger(loanId)).filter((e) => e.kind === 'refund');
const achRefundsFor = (identifier: string): AchCredit[] =>
  achSpy.mock.calls.map((c) => c[0]).filter((c) => c.individualId === identifier && c.idempotencyKey.startsWith('payrail-refund:'));
const auditOf = (userId: number, action: string) =>
  db()
    .select()
    .from(staffActions)
    .where(and(eq(staffActions.action, action), eq(staffActions.targetUserId, userId)));
const allAuditOf = (userId: number) => db().select().from(staffActions).where(eq(staffActions.targetUserId, userId));

/** An allotment loan opened on the business date, optionally with a verified account on file. */
async function allotmentLoan(account: string | null): Promise<FundedLoan> {
  const loan = await fundedLoan(app, { disbursementDate: D, firstPaymentDate: addMonths(D, 1), allotment: true });
  if (account) await addReceiverAccount(app, loan.userId, account);
  return loan;
}

/** The loan paid off by an employer's remittance `excess` cents beyond its payoff (imported by the servicer): closed, the excess refunded or held. */
async function overpaid(loan: FundedLoan, excess: number) {
  const payoff = (await page(loan.loanId)).payoff_amount;
  const res = await bo('POST', '/remittances', {
    lines: [{ employer: loan.employer, pay_date: D, borrower_identifier: loan.identifier, amount: payoff + excess }],
    reference: `staff-refund-${String(loan.loanId)}`,
  });
  expect(res.statusCode, res.body).toBe(200);
}

describe('refund_credit: answers and refusals', () => {
  it('an unknown loan is a 404; a loan with no credit is a 409 with nothing written; an underwriter may not; the reason is required', async () => {
    expect((await refund(2_000_000_000)).statusCode).toBe(404);

    const loan = await allotmentLoan('000555100111');
    const entries = await app.ctx.repos.loanBook.ledger(loan.loanId);
    const none = await refund(loan.loanId);
    expect(none.statusCode, none.body).toBe(409);
    expect(none.json()).toMatchObject({ error: SERVICING_BO_MSG.noCreditBalance });
    expect(await app.ctx.repos.loanBook.ledger(loan.loanId)).toEqual(entries);
    expect(await allAuditOf(loan.userId)).toEqual([]);
    expect(achRefundsFor(loan.identifier)).toEqual([]);

    expect((await refund(loan.loanId, 'reason', underwriter)).statusCode).toBe(403);
    expect((await refund(loan.loanId, ' x ')).statusCode).toBe(422);
  });

  it('no account on file: held, said so, audited; once an account is added the servicer sends it — entry and audit under their name; a repeat is a 409', async () => {
    const loan = await allotmentLoan(null);
    await overpaid(loan, 4_321);
    expect((await page(loan.loanId)).credit_balance).toBe(4_321);
    const heldBefore = (await auditOf(loan.userId, 'credit_balance_held')).length; // the import's own look

    const held = await refund(loan.loanId, 'Borrower asked by phone');
    expect(held.statusCode, held.body).toBe(200);
    expect(held.json<TRefundCreditResponse>()).toMatchObject({ credit_balance: 4_321, refunds: [], left: 4_321, held: 'no_account' });
    expect(held.json<TRefundCreditResponse>().servicing.credit_balance).toBe(4_321);
    expect(await auditOf(loan.userId, 'credit_balance_held')).toHaveLength(heldBefore + 1);
    expect(await refundsOf(loan.loanId)).toEqual([]);

    await addReceiverAccount(app, loan.userId, '000777100222');
    const res = await refund(loan.loanId, 'Borrower gave a new account by phone');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<TRefundCreditResponse>();
    expect(body).toMatchObject({ credit_balance: 4_321, left: 0, held: null, refunds: [{ channel: 'ach', amount: 4_321 }] });
    expect(body.refunds[0]!.reference).toMatch(/^SBX-/);
    expect(body.servicing).toMatchObject({ credit_balance: 0, loan: { status: 'closed_paid' } });
    const [entry] = await refundsOf(loan.loanId);
    expect(entry).toMatchObject({ id: body.refunds[0]!.entry_id, idempotencyKey: creditRefundKey(loan.loanId, 1) });
    expect(entry!.reason).toContain('Borrower gave a new account by phone');
    const [audit] = await auditOf(loan.userId, 'credit_refunded');
    expect(audit).toMatchObject({
      before: { loan_id: loan.loanId, credit_cents: 4_321 },
      after: expect.objectContaining({ left_cents: 0, held: null, reason: 'Borrower gave a new account by phone' }),
    });
    expect(entry!.createdByStaffId).toBe(audit!.staffUserId);
    expect(achRefundsFor(loan.identifier).map((c) => c.amountCents)).toEqual([4_321]);

    const auditRows = (await allAuditOf(loan.userId)).length;
    const again = await refund(loan.loanId);
    expect(again.statusCode, again.body).toBe(409);
    expect(await refundsOf(loan.loanId)).toHaveLength(1);
    expect(await allAuditOf(loan.userId)).toHaveLength(auditRows);
  });

  it('a loan paid off before the sweep window: the daily run leaves it, the servicer sends it', async () => {
    const loan = await allotmentLoan(null);
    await overpaid(loan, 2_500);
    await addReceiverAccount(app, loan.userId, '000777100333');
    await db()
      .update(loans)
      .set({ closedAt: new Date(app.ctx.now().getTime() - (CREDIT_SWEEP_DAYS + 30) * 86_400_000) })
      .where(eq(loans.id, loan.loanId));
    await runDailyServicing(app.ctx, { from: D, through: D });
    expect(await refundsOf(loan.loanId)).toEqual([]);
    expect((await page(loan.loanId)).credit_balance).toBe(2_500);

    const res = await refund(loan.loanId);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<TRefundCreditResponse>()).toMatchObject({ refunds: [{ channel: 'ach', amount: 2_500 }], left: 0, held: null });
    expect((await page(loan.loanId)).credit_balance).toBe(0);
  });
});

describe('refund_credit: races', () => {
  it('20 parallel calls refund once: one 200, nineteen 409, one ACH credit, one entry, one audit', async () => {
    const loan = await allotmentLoan('000555100444');
    const payoff = (await page(loan.loanId)).payoff_amount;
    // The credit arrives without the remittance path (no automatic refund yet).
    await app.ctx.repos.loanBook.recordPayment({
      loanId: loan.loanId,
      kind: 'payroll_remittance',
      effectiveDate: D,
      amountCents: cents(payoff + 888),
      idempotencyKey: `staff-refund-race-${String(loan.loanId)}`,
      at: app.ctx.now(),
    });
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => refund(loan.loanId, `parallel call ${String(i)}`)));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, ...Array.from({ length: 19 }, () => 409)]);
    const ok = answers.find((a) => a.statusCode === 200)!.json<TRefundCreditResponse>();
    expect(ok).toMatchObject({ credit_balance: 888, left: 0, refunds: [{ channel: 'ach', amount: 888 }] });
    expect(await refundsOf(loan.loanId)).toEqual([expect.objectContaining({ amountCents: 888, idempotencyKey: creditRefundKey(loan.loanId, 1) })]);
    expect(achRefundsFor(loan.identifier)).toHaveLength(1);
    expect(await auditOf(loan.userId, 'credit_refunded')).toHaveLength(1);
    expect((await page(loan.loanId)).credit_balance).toBe(0);
  });

  it("a call racing the daily run's sweep: refunded once, by one or the other", async () => {
    const loan = await allotmentLoan(null);
    await overpaid(loan, 1_234); // held: no account
    await addReceiverAccount(app, loan.userId, '000777100555');
    const [answer] = await Promise.all([refund(loan.loanId), runDailyServicing(app.ctx, { from: D, through: D })]);
    expect([200, 409]).toContain(answer.statusCode);
    expect(await refundsOf(loan.loanId)).toEqual([expect.objectContaining({ amountCents: 1_234, idempotencyKey: creditRefundKey(loan.loanId, 1) })]);
    expect(achRefundsFor(loan.identifier).map((c) => c.amountCents)).toEqual([1_234]);
    expect((await page(loan.loanId)).credit_balance).toBe(0);
  });
});
