import { cents } from '@payrail/domain/money';
import { PAYMENT_PLAN_API_MSG, PAYMENT_PLAN_MSG } from '@payrail/contract/payment-plan';
import type { TBorrowerPaymentPlan, TBorrowerPaymentPlans, TLoanPaymentPlans, TPaymentPlan, TPaymentPlanQuote } from '@payrail/contract/payment-plan';
import type { TLoanDocumentsResponse } from '@payrail/contract/servicing';
import { parseIsoDate, type IsoDate } from '@payrail/domain/dates';
import { and, eq } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  autoDebitAuthorizations,
  ledgerEntries,
  loanInstallments,
  loanPaymentPlans,
  loanTransactions,
  loans,
  notifications,
  staffActions,
} from '../src/db/schema/index';
import { runDailyServicing } from '../src/modules/loan-book/use-cases/daily-run';
import { loanState } from '../src/modules/loan-book/use-cases/loan-position';
import { staffToken, tempDataDir } from './application-helpers';
import { expectSnapshotsMatchContract } from './audit-helpers';
import { setNames } from './banking-helpers';
import { fundedLoan, PAYMENT_PLAN_TERMS as TERMS } from './collections-helpers';
import type { FundedLoan } from './collections-helpers';
import { auth, call, outbox } from './identity-helpers';
import { type TestApp, testApp } from './test-app';

// Loans disbursed 2031-01-02, 6 monthly payments from 2031-02-02, repaid by payroll allotment (no auto-debit);
// nothing paid: on 2031-03-20 two installments are past due (46 days).
const NOW = new Date('2031-03-20T12:00:00Z');
const TODAY = '2031-03-20' as IsoDate;
const files = tempDataDir();
let app: TestApp;
let servicer: string;
let underwriter: string;
beforeAll(async () => {
  app = await testApp({ now: () => NOW, config: { dataDir: files.dataDir } });
  [servicer, underwriter] = await Promise.all([staffToken(app, 'servicer@payrail.test'), staffToken(app, 'underwriter@payrail.test')]);
});
afterAll(async () => {
  await app.ctx.repos.loanBook.setBusinessDateOverride(null, null, NOW);
  await app.close();
  files.remove();
});

const db = () => app.ctx.database.db;
const setToday = (d: string) => app.ctx.repos.loanBook.setBusinessDateOverride(d as IsoDate, null, NOW);
async function pastDueLoan(): Promise<FundedLoan> {
  const loan = await fundedLoan(app, { disbursementDate: '2031-01-02', firstPaymentDate: '2031-02-02', payments: 6, amountCents: 300_000, allotment: true });
  await setNames(app, loan.userId, 'Avery', 'Lindqvist');
  // A late fee on the first missed installment (the plan waives it).
  await db()
    .insert(ledgerEntries)
    .values({
      loanId: loan.loanId,
      kind: 'late_fee',
      effectiveDate: parseIsoDate('2031-02-17'),
      amountCents: cents(1500),
      installmentN: 1,
      idempotencyKey: `late_fee:test:${loan.loanId}:1`,
      createdAt: NOW,
    });
  return loan;
}
const bo = (token: string, method: 'GET' | 'POST', url: string, payload?: unknown) =>
  call(app, { method, url: `/api/backoffice${url}`, headers: auth(token), ...(payload === undefined ? {} : { payload: payload as object }) });
async function propose(loan: FundedLoan, body: Record<string, unknown> = TERMS): Promise<TPaymentPlan> {
  const res = await bo(servicer, 'POST', `/loans/${loan.loanId}/payment_plans`, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<TPaymentPlan>();
}
const borrowerPlans = async (loan: FundedLoan, token = loan.token) =>
  call(app, { url: `/api/dashboard/loans/${loan.loanId}/payment_plans`, headers: auth(token) });
const sign = (loan: FundedLoan, planId: number, o: Record<string, unknown> = {}, token = loan.token) =>
  call(app, {
    method: 'POST',
    url: `/api/dashboard/payment_plans/${planId}/sign`,
    headers: auth(token),
    payload: { signature_name: ' avery  LINDQVIST', agree: true, as_of: TODAY, ...o },
  });
const planRows = (loanId: number) => db().select().from(loanPaymentPlans).where(eq(loanPaymentPlans.loanId, loanId));
const loanRow = async (loanId: number) => (await db().select().from(loans).where(eq(loans.id, loanId)))[0]!;

describe('payment plan: propose → the borrower reviews and signs → the loan book applies it', () => {
  let loan: FundedLoan;
  let plan: TPaymentPlan;
  let preview: TPaymentPlanQuote;
  beforeAll(async () => {
    await setToday(TODAY);
    loan = await pastDueLoan();
  });

  it('the servicer previews the re-amortisation and its disclosure (nothing written)', async () => {
    const page = await bo(servicer, 'GET', `/loans/${loan.loanId}/payment_plans`);
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json<TLoanPaymentPlans>()).toMatchObject({ loan_id: loan.loanId, business_date: TODAY, refusal: null, rate_in_force: '12', plans: [] });
    const res = await bo(servicer, 'POST', `/loans/${loan.loanId}/payment_plans/preview`, TERMS);
    expect(res.statusCode, res.body).toBe(200);
    preview = res.json<TPaymentPlanQuote>();
    const state = await loanState(app.ctx, (await app.ctx.repos.loanBook.loan(loan.loanId))!, TODAY);
    expect(preview).toMatchObject({
      kind: 're_amortize',
      effective_date: TODAY,
      annual_rate_percent: '9.5',
      installments: 8,
      principal: state.position.principalCents,
      fees_waived: 1500,
    });
    expect(preview.before.days_past_due).toBe(46);
    expect(preview.rows.map((r) => r.n)).toEqual([3, 4, 5, 6, 7, 8, 9, 10]);
    expect(preview.rows[0]!.due_date).toBe('2031-04-10');
    expect(preview.rows.reduce((t, r) => t + r.principal, 0)).toBe(preview.principal);
    expect(preview.rows.reduce((t, r) => t + r.payment, 0)).toBe(preview.total_of_payments);
    expect(preview.total_of_payments).toBe(preview.amount_financed + preview.finance_charge);
    expect(preview.amount_financed).toBe(state.position.outstandingCents - 1500);
    expect(await planRows(loan.loanId)).toEqual([]);
  });

  it('proposes: audited, the borrower is told in the app and by e-mail; a second proposal is refused while one is open', async () => {
    plan = await propose(loan);
    expect(plan).toMatchObject({
      status: 'proposed',
      kind: 're_amortize',
      installments: 8,
      proposed_on: TODAY,
      expires_on: '2031-03-27',
      proposed_quote: preview,
      document: null,
    });
    const [action] = await db()
      .select()
      .from(staffActions)
      .where(and(eq(staffActions.action, 'payment_plan_proposed'), eq(staffActions.targetUserId, loan.userId)));
    expect(action!.after).toMatchObject({ plan_id: plan.id, installments: 8, total_of_payments_cents: preview.total_of_payments });
    const notes = (await db().select().from(notifications).where(eq(notifications.userId, loan.userId))).map((n) => n.message);
    expect(notes.some((m) => m.includes('proposed a payment plan') && m.includes(loan.identifier))).toBe(true);
    expect((await outbox(app, loan.email)).some((m) => m.subject === 'A payment plan for your Payrail loan')).toBe(true);
    const again = await bo(servicer, 'POST', `/loans/${loan.loanId}/payment_plans`, TERMS);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ error: PAYMENT_PLAN_API_MSG.alreadyOpen });
  });

  it('the borrower sees the proposal with the same figures and the agreement', async () => {
    const res = await borrowerPlans(loan);
    expect(res.statusCode, res.body).toBe(200);
    const [mine] = res.json<TBorrowerPaymentPlans>().plans;
    expect(mine).toMatchObject({ id: plan.id, status: 'proposed', refusal: null, quote: preview, document: null });
    expect(mine!.agreement.paragraphs.length).toBeGreaterThan(2);
  });

  it('signs: the schedule of record is revised, the late fee waived, the loan current; the signed PDF is one of the loan’s documents', async () => {
    const res = await sign(loan, plan.id);
    expect(res.statusCode, res.body).toBe(200);
    const signed = res.json<TBorrowerPaymentPlan>();
    expect(signed).toMatchObject({ status: 'accepted', signature_name: 'avery LINDQVIST', quote: preview, refusal: null });
    const row = await loanRow(loan.loanId);
    expect(row.paymentPlans).toHaveLength(1);
    expect(row.paymentPlans![0]).toMatchObject({ fromN: 3, lastN: 10, startDate: TODAY, annualRatePercent: '9.5' });
    const installments = await db().select().from(loanInstallments).where(eq(loanInstallments.loanId, loan.loanId));
    expect(installments.map((i) => i.n).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(installments.find((i) => i.n === 3)).toMatchObject({ dueDate: '2031-04-10', paymentCents: preview.rows[0]!.payment });
    const waivers = await db()
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.loanId, loan.loanId), eq(ledgerEntries.kind, 'waiver')));
    expect(waivers).toHaveLength(1);
    const state = await loanState(app.ctx, row, TODAY);
    expect(state.position.daysPastDue).toBe(0);
    expect(state.position.nextDueDate).toBe('2031-04-10');
    expect(state.position.outstandingCents).toBe(preview.amount_financed);
    expect(state.schedule.regularPaymentCents).toBe(preview.level_payment + Math.floor(preview.arrears / 8));
    // The loan's documents list the signed plan; it downloads and carries its figures.
    const docs = (await call(app, { url: `/api/loans/${loan.loanId}/documents`, headers: auth(loan.token) })).json<TLoanDocumentsResponse>().documents;
    const doc = docs.find((d) => d.file_name === `payment-plan-${loan.identifier}-${plan.id}-signed.pdf`);
    expect(doc).toBeDefined();
    const pdf = await call(app, { url: doc!.file_url, headers: auth(loan.token) });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toContain('application/pdf');
    const keywords = (await PDFDocument.load(pdf.rawPayload)).getKeywords() ?? '';
    expect(keywords).toContain(`total_of_payments_cents=${preview.total_of_payments}`);
    expect(keywords).toContain(`apr=${preview.apr}`);
    // Staff read the plan as accepted and download the agreement (audited).
    const page = (await bo(underwriter, 'GET', `/loans/${loan.loanId}/payment_plans`)).json<TLoanPaymentPlans>();
    expect(page.plans[0]).toMatchObject({ id: plan.id, status: 'accepted', effective_date: TODAY, signature_name: 'avery LINDQVIST', accepted_quote: preview });
    expect(page.rate_in_force).toBe('9.5');
    expect((await bo(underwriter, 'GET', `/loans/${loan.loanId}/payment_plans/${plan.id}/pdf`)).statusCode).toBe(200);
    // Signing again: the plan is no longer open.
    expect((await sign(loan, plan.id)).statusCode).toBe(409);
    expect((await outbox(app, loan.email)).some((m) => m.subject === 'Your Payrail payment plan is in force')).toBe(true);
  });

  it('the daily run services the new schedule: no late fee while current, a plan payment keeps it current', async () => {
    await runDailyServicing(app.ctx, { from: '2031-03-21' as IsoDate, through: '2031-03-25' as IsoDate });
    const fees = await db()
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.loanId, loan.loanId), eq(ledgerEntries.kind, 'late_fee')));
    expect(fees).toHaveLength(1); // only the waived one
    await app.ctx.repos.loanBook.recordPayment({
      loanId: loan.loanId,
      kind: 'payroll_remittance',
      effectiveDate: parseIsoDate('2031-04-10'),
      amountCents: cents(preview.rows[0]!.payment),
      idempotencyKey: `plan-test:${loan.loanId}:1`,
      at: NOW,
    });
    await setToday('2031-04-12');
    await runDailyServicing(app.ctx, { from: '2031-04-10' as IsoDate, through: '2031-04-12' as IsoDate });
    const row = await loanRow(loan.loanId);
    expect(row.status).toBe('opened');
    const state = await loanState(app.ctx, row, '2031-04-12' as IsoDate);
    expect(state.position.daysPastDue).toBe(0);
    expect(state.position.nextDueDate).toBe(preview.rows[1]!.due_date);
    expect(state.position.installmentsPaid).toBe(3);
    await setToday(TODAY);
  });
});

describe('payment plan: refusals and races', () => {
  beforeAll(() => setToday(TODAY));

  it('an auto-debit loan: the authorization collects the plan’s installment, and the run debits it on the plan’s date', async () => {
    const loan = await fundedLoan(app, { disbursementDate: '2031-01-02', firstPaymentDate: '2031-02-02', payments: 6, amountCents: 300_000 });
    await setNames(app, loan.userId, 'Avery', 'Lindqvist');
    const plan = await propose(loan, { kind: 'spread_past_due', reason: 'Spread what is past due over the rest.' });
    expect(plan.proposed_quote.rows.map((r) => r.due_date)).toEqual(['2031-04-02', '2031-05-02', '2031-06-02', '2031-07-02']);
    expect((await sign(loan, plan.id)).statusCode).toBe(200);
    const [auth] = await db().select().from(autoDebitAuthorizations).where(eq(autoDebitAuthorizations.loanId, loan.loanId));
    const installment = plan.proposed_quote.level_payment + Math.floor(plan.proposed_quote.arrears / 4);
    expect(auth!.amountCents).toBe(installment);
    expect(installment).toBeGreaterThan(loan.paymentCents);
    await setToday('2031-04-02');
    await runDailyServicing(app.ctx, { from: '2031-04-02' as IsoDate, through: '2031-04-02' as IsoDate });
    const debits = await db().select().from(loanTransactions).where(eq(loanTransactions.loanId, loan.loanId));
    expect(debits.map((t) => [t.installmentN, t.scheduledDate, t.amountCents])).toEqual([[3, '2031-04-02', plan.proposed_quote.rows[0]!.payment]]);
    await setToday(TODAY);
  });

  it('twenty parallel signatures, each its own request (different idempotency keys): exactly one applies the plan', async () => {
    const loan = await pastDueLoan();
    const plan = await propose(loan);
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        call(app, {
          method: 'POST',
          url: `/api/dashboard/payment_plans/${plan.id}/sign`,
          headers: { ...auth(loan.token), 'idempotency-key': `plan-race-${plan.id}-${i}` },
          payload: { signature_name: ' avery  LINDQVIST', agree: true, as_of: TODAY },
        }),
      ),
    );
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(results.filter((r) => r.statusCode === 409)).toHaveLength(19);
    expect((await loanRow(loan.loanId)).paymentPlans).toHaveLength(1);
    expect(
      await db()
        .select()
        .from(ledgerEntries)
        .where(and(eq(ledgerEntries.loanId, loan.loanId), eq(ledgerEntries.kind, 'waiver'))),
    ).toHaveLength(1);
    expect((await planRows(loan.loanId)).map((p) => p.status)).toEqual(['accepted']);
  });

  it('a payment posted after the proposal makes signing refuse (409); nothing is written', async () => {
    const loan = await pastDueLoan();
    const plan = await propose(loan);
    await app.ctx.repos.loanBook.recordPayment({
      loanId: loan.loanId,
      kind: 'payroll_remittance',
      effectiveDate: TODAY,
      amountCents: cents(5_000),
      idempotencyKey: `plan-test-moved:${loan.loanId}`,
      at: NOW,
    });
    const res = await sign(loan, plan.id);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ error: PAYMENT_PLAN_API_MSG.moved });
    expect((await loanRow(loan.loanId)).paymentPlans).toBeNull();
    expect((await planRows(loan.loanId)).map((p) => p.status)).toEqual(['proposed']);
    const seen = (await borrowerPlans(loan)).json<TBorrowerPaymentPlans>().plans[0]!;
    expect(seen).toMatchObject({ quote: null, refusal: PAYMENT_PLAN_API_MSG.moved });
    // And a new proposal the same day is refused: the payment is dated today.
    await bo(servicer, 'POST', `/loans/${loan.loanId}/payment_plans/${plan.id}/withdraw`, { reason: 'Payment received.' });
    const again = await bo(servicer, 'POST', `/loans/${loan.loanId}/payment_plans`, TERMS);
    expect(again.statusCode).toBe(422);
    expect(again.json()).toMatchObject({ error: PAYMENT_PLAN_MSG.postedToday });
  });

  it('a servicer withdraws an unsigned proposal (audited); it can no longer be signed', async () => {
    const loan = await pastDueLoan();
    const plan = await propose(loan);
    const res = await bo(servicer, 'POST', `/loans/${loan.loanId}/payment_plans/${plan.id}/withdraw`, { reason: 'Borrower asked for a different plan.' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<TPaymentPlan>()).toMatchObject({ status: 'withdrawn', withdrawn_reason: 'Borrower asked for a different plan.' });
    expect((await sign(loan, plan.id)).statusCode).toBe(409);
    expect((await bo(servicer, 'POST', `/loans/${loan.loanId}/payment_plans/${plan.id}/withdraw`, { reason: 'Again, please.' })).statusCode).toBe(409);
    expect((await borrowerPlans(loan)).json<TBorrowerPaymentPlans>().plans).toEqual([]);
    // A new proposal may follow.
    await propose(loan, { kind: 'spread_past_due', reason: 'Spread what is past due over the rest.' });
  });

  it('a proposal expires after the policy days (read lazily): it can no longer be signed', async () => {
    const loan = await pastDueLoan();
    const plan = await propose(loan);
    await setToday('2031-03-27');
    const seen = (await borrowerPlans(loan)).json<TBorrowerPaymentPlans>().plans[0]!;
    expect(seen).toMatchObject({ status: 'expired', quote: null, refusal: PAYMENT_PLAN_API_MSG.expired });
    const res = await sign(loan, plan.id, { as_of: '2031-03-27' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ error: PAYMENT_PLAN_API_MSG.expired });
    await setToday(TODAY);
  });

  it('figures reviewed on another business day are refused (409): review again', async () => {
    const loan = await pastDueLoan();
    const plan = await propose(loan);
    const res = await sign(loan, plan.id, { as_of: '2031-03-19' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ error: PAYMENT_PLAN_API_MSG.stale });
  });

  it('a borrower cannot see, sign or download another borrower’s plan', async () => {
    const loan = await pastDueLoan();
    const other = await pastDueLoan();
    const plan = await propose(loan);
    expect((await borrowerPlans(loan, other.token)).statusCode).toBe(404);
    expect((await sign(loan, plan.id, {}, other.token)).statusCode).toBe(404);
    expect((await call(app, { url: `/api/loans/payment_plans/${plan.id}/pdf`, headers: auth(other.token) })).statusCode).toBe(404);
    expect((await call(app, { url: `/api/dashboard/loans/${loan.loanId}/payment_plans` })).statusCode).toBe(401);
    expect((await planRows(loan.loanId)).map((p) => p.status)).toEqual(['proposed']);
  });

  it('a role without `restructure` reads but cannot preview, propose or withdraw', async () => {
    const loan = await pastDueLoan();
    expect((await bo(underwriter, 'GET', `/loans/${loan.loanId}/payment_plans`)).statusCode).toBe(200);
    expect((await bo(underwriter, 'POST', `/loans/${loan.loanId}/payment_plans/preview`, TERMS)).statusCode).toBe(403);
    expect((await bo(underwriter, 'POST', `/loans/${loan.loanId}/payment_plans`, TERMS)).statusCode).toBe(403);
    const plan = await propose(loan);
    expect((await bo(underwriter, 'POST', `/loans/${loan.loanId}/payment_plans/${plan.id}/withdraw`, { reason: 'Not mine to do.' })).statusCode).toBe(403);
    expect((await call(app, { method: 'POST', url: `/api/backoffice/loans/${loan.loanId}/payment_plans`, payload: TERMS })).statusCode).toBe(401);
  });

  it('bad input is a 4xx with a message and writes nothing', async () => {
    const loan = await pastDueLoan();
    const cases: [Record<string, unknown>, string][] = [
      [{ ...TERMS, kind: 'forgive' }, 'kind'],
      [{ ...TERMS, installments: 0 }, 'installments'],
      [{ ...TERMS, installments: 'ten' }, 'installments'],
      [{ ...TERMS, reason: 'short' }, 'reason'],
      [{ ...TERMS, first_due_date: '2031-03-25' }, 'first_due_date'],
      [{ ...TERMS, first_due_date: 'soon' }, 'first_due_date'],
      [{ ...TERMS, annual_rate_percent: '13' }, 'annual_rate_percent'],
      [{ ...TERMS, annual_rate_percent: '-1' }, 'annual_rate_percent'],
    ];
    for (const [body, field] of cases) {
      const res = await bo(servicer, 'POST', `/loans/${loan.loanId}/payment_plans`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(Object.keys(res.json<{ errors: Record<string, string[]> }>().errors)).toContain(field);
    }
    expect((await bo(servicer, 'POST', '/loans/999999999/payment_plans/preview', TERMS)).statusCode).toBe(404);
    expect(await planRows(loan.loanId)).toEqual([]);
    const plan = await propose(loan);
    expect((await sign(loan, plan.id, { agree: false })).json()).toEqual({ errors: { agree: [PAYMENT_PLAN_API_MSG.agree] } });
    expect((await sign(loan, plan.id, { signature_name: 'Someone Else' })).json()).toEqual({ errors: { signature_name: [PAYMENT_PLAN_API_MSG.nameMismatch] } });
    expect((await sign(loan, plan.id, { as_of: 'today' })).statusCode).toBe(422);
    expect((await call(app, { method: 'POST', url: '/api/dashboard/payment_plans/abc/sign', headers: auth(loan.token), payload: {} })).statusCode).toBe(422);
    expect((await planRows(loan.loanId)).map((p) => p.status)).toEqual(['proposed']);
  });

  it('every staff action written has the snapshot the contract describes', async () => {
    const checked = await expectSnapshotsMatchContract(app);
    for (const a of ['payment_plan_proposed', 'payment_plan_withdrawn', 'view_payment_plan_agreement']) expect(checked.has(a)).toBe(true);
  });
});
