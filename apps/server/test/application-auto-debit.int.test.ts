import { cents } from '@payrail/domain/money';
import type { TFundResponse } from '@payrail/contract/backoffice';
import type { TLastLoanResponse, TPayoffResponse, TScheduledPaymentsResponse } from '@payrail/contract/servicing';
import type { TAdvanceResponse, TLoanServicingResponse } from '@payrail/contract/servicing-backoffice';
import { adjustToBusinessDay } from '@payrail/domain/calendar';
import { addDays, parseIsoDate } from '@payrail/domain/dates';
import type { IsoDate } from '@payrail/domain/dates';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { achAuthorizations, agreementDocuments, applications, autoDebitAuthorizations, ledgerEntries, loanTransactions, loans } from '../src/db/schema/index';
import { DAILY_JOB, runDailyServicing } from '../src/modules/loan-book/use-cases/daily-run';
import { businessToday } from '../src/lib/business-clock';
import { classicApp, get, post, staffToken, uploadDocument } from './application-helpers';
import { auth, call } from './identity-helpers';
import { AUTO_DEBIT_CLIENT, fundedBorrowerRepaying } from './servicing-helpers';
import type { TestApp } from './test-app';

// "The auto-debit chosen in the application never runs": repay method 1 + POST /auto_debit, funded by the
// servicer, must open the loan with its auto-debit, and the daily run must then debit every installment.
let app: TestApp;
let servicer: string;
let underwriter: string;
beforeAll(async () => {
  app = await classicApp({ config: { requireHumanReview: true } });
  await app.ctx.repos.loanBook.setBusinessDateOverride(null, null, app.ctx.now());
  [servicer, underwriter] = await Promise.all([staffToken(app, 'servicer@payrail.test'), staffToken(app, 'underwriter@payrail.test')]);
});
afterAll(async () => {
  await app.ctx.repos.loanBook.setBusinessDateOverride(null, null, app.ctx.now()); // other files of this worker read the real date
  await app.close();
});

const db = () => app.ctx.database.db;
const bo = (method: 'GET' | 'POST', url: string, token = servicer, payload?: Record<string, unknown>) =>
  call(app, { method, url: `/api/backoffice${url}`, headers: auth(token), ...(payload ? { payload } : {}) });
const autoDebitsOf = (loanId: number) =>
  db().select().from(autoDebitAuthorizations).where(eq(autoDebitAuthorizations.loanId, loanId)).orderBy(autoDebitAuthorizations.id);
const txsOf = (loanId: number) => db().select().from(loanTransactions).where(eq(loanTransactions.loanId, loanId)).orderBy(loanTransactions.id);
const debitEntriesOf = async (loanId: number) =>
  (
    await db()
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.loanId, loanId), eq(ledgerEntries.kind, 'scheduled_debit')))
      .orderBy(ledgerEntries.id)
  ).map((e) => [e.effectiveDate, e.amountCents]);
const servicing = async (loanId: number) => {
  const res = await bo('GET', `/loans/${loanId}/servicing`, underwriter);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<TLoanServicingResponse>();
};

/**
 * Moves the business clock as the back office does (POST /servicing/business_date runs every day up to it),
 * then runs `from`…`date` explicitly too: the run is idempotent per loan and date, and the explicit range
 * keeps the test independent of the days other files of this worker already ran.
 */
async function moveClockTo(date: IsoDate, from: IsoDate): Promise<void> {
  if (date > (await businessToday(app.ctx))) {
    const res = await bo('POST', '/servicing/business_date', servicer, { date });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<TAdvanceResponse>().clock.business_date).toBe(date);
  }
  await runDailyServicing(app.ctx, { from, through: date });
}

describe('a loan funded from an application repaid by auto-debit (repay method 1 + POST /auto_debit)', () => {
  let b: Awaited<ReturnType<typeof fundedBorrowerRepaying>>;
  beforeAll(async () => {
    b = await fundedBorrowerRepaying(app, 1);
  });

  it('opens with an active auto-debit: the ACH authorization’s account and consent, for the level payment', async () => {
    const [application] = await db()
      .select()
      .from(applications)
      .where(eq(applications.id, (await db().select().from(loans).where(eq(loans.id, b.loan.id)))[0]!.applicationId!));
    expect(application!.paymentMethod).toBe('auto_debit');
    const [ach] = await db().select().from(achAuthorizations).where(eq(achAuthorizations.userId, b.id));
    expect(ach).toMatchObject({ ip: AUTO_DEBIT_CLIENT.ip, userAgent: AUTO_DEBIT_CLIENT.userAgent });
    const [disclosure] = await db().select().from(agreementDocuments).where(eq(agreementDocuments.id, ach!.agreementDocumentId));
    expect(disclosure!.name).toBe('auto_debit_disclosure');

    const installments = await app.ctx.repos.loanBook.installments(b.loan.id);
    const levelPayment = installments[0]!.paymentCents;
    const rows = await autoDebitsOf(b.loan.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      loanId: b.loan.id,
      userId: b.id,
      bankAccountId: ach!.bankAccountId,
      amountCents: levelPayment,
      disclosureDocumentId: ach!.agreementDocumentId,
      disclosureAcceptedAt: ach!.authorizedAt,
      ip: AUTO_DEBIT_CLIENT.ip,
      userAgent: AUTO_DEBIT_CLIENT.userAgent,
      createdAt: new Date(b.loan.created_at),
      revokedAt: null,
    });
    expect((await app.ctx.repos.loanBook.activeAuthorization(b.loan.id))!.id).toBe(rows[0]!.id);
    expect((await servicing(b.loan.id)).auto_debit).toMatchObject({ id: rows[0]!.id, amount: levelPayment, bank_account_id: ach!.bankAccountId });
    // Nothing is debited at funding: the run creates each installment's debit on its day.
    expect(await txsOf(b.loan.id)).toEqual([]);
    // A retry of the funding call answers the first result and writes no second auto-debit.
    const retry = await call(app, {
      method: 'POST',
      url: `/api/backoffice/applications/${b.id}/fund`,
      headers: { ...auth(servicer), 'idempotency-key': `fund-test-${b.id}` },
    });
    expect(retry.statusCode, retry.body).toBe(200);
    expect(retry.json<TFundResponse>().loan.id).toBe(b.loan.id);
    expect(await autoDebitsOf(b.loan.id)).toHaveLength(1);
  });

  it('the daily run debits installments 1 and 2 on their due dates’ business days, once each, with no borrower action', async () => {
    const start = parseIsoDate(b.loan.disbursement_date);
    await app.ctx.repos.loanBook.setBusinessDateOverride(start, null, app.ctx.now());
    await app.ctx.repos.loanBook.planDay(DAILY_JOB, start, app.ctx.now());
    const installments = await app.ctx.repos.loanBook.installments(b.loan.id);
    const auth0 = (await autoDebitsOf(b.loan.id))[0]!;
    const paid: [string, number][] = [];
    for (const i of installments.slice(0, 2)) {
      const debitDay = adjustToBusinessDay(parseIsoDate(i.dueDate));
      // The day before: nothing for this installment yet.
      await moveClockTo(addDays(debitDay, -1), start);
      expect((await txsOf(b.loan.id)).filter((t) => t.installmentN === i.n)).toEqual([]);
      // Its day: created from the authorization and sent to the bank at once, posted as a scheduled debit.
      await moveClockTo(debitDay, start);
      const mine = (await txsOf(b.loan.id)).filter((t) => t.installmentN === i.n);
      expect(mine).toHaveLength(1);
      expect(mine[0]).toMatchObject({
        mode: 'auto_debit',
        method: 'ach',
        status: 'pending',
        amountCents: i.paymentCents,
        scheduledDate: i.dueDate,
        autoDebitAuthorizationId: auth0.id,
        bankAccountId: auth0.bankAccountId,
      });
      expect(mine[0]!.achTraceId).toMatch(new RegExp(`^SBD-${debitDay.replaceAll('-', '')}-OK-`));
      paid.push([debitDay, i.paymentCents]);
      expect(await debitEntriesOf(b.loan.id)).toEqual(paid);
      const s = await servicing(b.loan.id);
      expect(s.days_past_due).toBe(0);
      expect(s.schedule.find((r) => r.n === i.n)).toMatchObject({ state: 'paid', unpaid: 0 });
    }

    // Past the return window: both settle. Re-running every day adds nothing (one debit per installment).
    const last = addDays(adjustToBusinessDay(parseIsoDate(installments[1]!.dueDate)), 4);
    await moveClockTo(last, start);
    await runDailyServicing(app.ctx, { from: start, through: last });
    const txs = await txsOf(b.loan.id);
    expect(txs.map((t) => [t.installmentN, t.mode, t.status])).toEqual([
      [1, 'auto_debit', 'settled'],
      [2, 'auto_debit', 'settled'],
    ]);
    expect(await debitEntriesOf(b.loan.id)).toEqual(paid);

    // The borrower sees them (GET /api/transactions/loan/{id}) and is current; the auto-debit is still active.
    const listed = await get(app, b.token, `/api/transactions/loan/${b.loan.id}`);
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json<TScheduledPaymentsResponse>().transactions.map((t) => [t.transaction_mode, t.transaction_status, t.due_date, t.amount])).toEqual(
      installments.slice(0, 2).map((i) => ['auto_debit', 'settled', i.dueDate, i.paymentCents]),
    );
    expect((await get(app, b.token, '/api/loans/last')).json<TLastLoanResponse>().loan).toMatchObject({ loan_status: 'opened', days_past_due: 0 });
    const s = await servicing(b.loan.id);
    expect(s.schedule.slice(0, 2).map((r) => r.state)).toEqual(['paid', 'paid']);
    expect((await autoDebitsOf(b.loan.id)).map((a) => a.revokedAt)).toEqual([null]);
  });

  it('a refinance repaid by auto-debit carries the old loan’s active auto-debit over (no newer ACH authorization)', async () => {
    // Eligible: most of the principal repaid, nothing in flight, current.
    const today = await businessToday(app.ctx);
    await app.ctx.repos.loanBook.recordPayment({
      loanId: b.loan.id,
      kind: 'one_time_payment',
      effectiveDate: today,
      amountCents: cents(Math.ceil(b.loan.note_principal * 0.7)),
      at: app.ctx.now(),
      idempotencyKey: `auto-refi-pay-${b.id}`,
    });
    const old = (await autoDebitsOf(b.loan.id))[0]!;
    expect((await post(app, b.token, '/api/refinance', { loan_id: b.loan.id })).statusCode).toBe(200);
    expect((await get(app, b.token, '/api/loan')).statusCode).toBe(200);
    expect((await get(app, b.token, '/api/associate_terms_consent')).statusCode).toBe(200);
    expect((await post(app, b.token, '/api/workflow/next_status', { current_status: 'refinancing_loan_terms' })).json()).toMatchObject({
      new_status: 'refinancing_review',
    });
    await uploadDocument(app, b.token, 'pay_stub');
    await uploadDocument(app, b.token, 'allotment');
    const submitted = await post(app, b.token, '/api/workflow/change_status', { new_status: 'ready_for_review' });
    expect(submitted.statusCode, submitted.body).toBe(200);
    expect((await bo('POST', `/applications/${b.id}/status`, underwriter, { new_status: 'refinancing_esignature' })).statusCode).toBe(200);
    const signed = await post(app, b.token, '/api/esignature/sign', { signature_name: 'Jordan Rivera' });
    expect(signed.statusCode, signed.body).toBe(200);
    expect((await bo('POST', `/applications/${b.id}/approve`, underwriter)).statusCode).toBe(200);
    const payoff = (await get(app, b.token, `/api/${b.loan.id}/payoff/${today}`)).json<TPayoffResponse>();
    expect(payoff.payoff_amount).toBeGreaterThan(0);
    const funded = await call(app, {
      method: 'POST',
      url: `/api/backoffice/applications/${b.id}/fund`,
      headers: { ...auth(servicer), 'idempotency-key': `auto-refi-fund-${b.id}` },
    });
    expect(funded.statusCode, funded.body).toBe(200);
    const newLoan = funded.json<TFundResponse>().loan;
    const [refinancing] = await db()
      .select()
      .from(applications)
      .where(eq(applications.id, (await db().select().from(loans).where(eq(loans.id, newLoan.id)))[0]!.applicationId!));
    expect(refinancing).toMatchObject({ loanType: 'refinancing', paymentMethod: 'auto_debit' });

    // The old loan's auto-debit is revoked by the refinance; the new loan's takes its account and consent.
    expect((await autoDebitsOf(b.loan.id)).map((a) => a.revokedAt)).toEqual([new Date(newLoan.created_at)]);
    const carried = await autoDebitsOf(newLoan.id);
    expect(carried).toHaveLength(1);
    expect(carried[0]).toMatchObject({
      userId: b.id,
      bankAccountId: old.bankAccountId,
      amountCents: (await app.ctx.repos.loanBook.installments(newLoan.id))[0]!.paymentCents,
      disclosureDocumentId: old.disclosureDocumentId,
      disclosureAcceptedAt: old.disclosureAcceptedAt,
      ip: old.ip,
      userAgent: old.userAgent,
      revokedAt: null,
    });
  });
});

describe('a loan funded from an application repaid by split direct deposit (repay method 0)', () => {
  it('gets no auto-debit, even with an ACH authorization on file, and the run debits nothing', async () => {
    await app.ctx.repos.loanBook.setBusinessDateOverride(null, null, app.ctx.now());
    // The payment method decides, not an authorization on file (say, given before the member changed method).
    const b = await fundedBorrowerRepaying(app, 0, {
      beforeSigning: async (who) => {
        const account = await app.ctx.repos.banking.currentReceiver(who.id);
        const disclosure = await app.ctx.repos.reference.findAgreementDocument('auto_debit_disclosure', null);
        await db()
          .insert(achAuthorizations)
          .values({ userId: who.id, bankAccountId: account!.id, agreementDocumentId: disclosure!.id, authorizedAt: app.ctx.now(), ip: null, userAgent: null });
      },
    });
    const [application] = await db()
      .select()
      .from(applications)
      .where(eq(applications.id, (await db().select().from(loans).where(eq(loans.id, b.loan.id)))[0]!.applicationId!));
    expect(application!.paymentMethod).toBe('split_direct_deposit');
    expect(await db().select().from(achAuthorizations).where(eq(achAuthorizations.userId, b.id))).toHaveLength(1);
    expect(await autoDebitsOf(b.loan.id)).toEqual([]);
    expect((await servicing(b.loan.id)).auto_debit).toBeNull();

    const start = parseIsoDate(b.loan.disbursement_date);
    const [first] = await app.ctx.repos.loanBook.installments(b.loan.id);
    const through = addDays(adjustToBusinessDay(parseIsoDate(first!.dueDate)), 1);
    await moveClockTo(through, start);
    expect(await txsOf(b.loan.id)).toEqual([]);
    expect(await debitEntriesOf(b.loan.id)).toEqual([]);
  });
});
