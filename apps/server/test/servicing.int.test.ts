import { BANK_MSG } from '@payrail/contract/banking';
import { PAYMENT_MSG } from '@payrail/contract/servicing';
import type {
  TCancelTransactionResponse,
  TLastLoanOnboardingResponse,
  TLastLoanResponse,
  TLoanDocumentsResponse,
  TLoanHistoryResponse,
  TNextTermDateResponse,
  TOngoingLoansResponse,
  TPaymentHistoryResponse,
  TPaymentResponse,
  TPayoffResponse,
  TScheduledPaymentsResponse,
} from '@payrail/contract/servicing';
import { addDays, parseIsoDate } from '@payrail/domain/dates';
import type { IsoDate } from '@payrail/domain/dates';
import { payoffAsOf } from '@payrail/domain/loan/servicing';
import { settlementDate } from '@payrail/domain/servicing/payment-limit';
import { formatCents, cents } from '@payrail/domain/money';
import { eq, sql } from 'drizzle-orm';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applications, autoDebitAuthorizations, bankAccounts, ledgerEntries, loanTransactions, loans, notifications } from '../src/db/schema/index';
import { businessToday } from '../src/lib/business-clock';
import { runDailyServicing } from '../src/modules/loan-book/use-cases/daily-run';
import { dueAutoDebits } from '../src/modules/loan-book/use-cases/due-auto-debits';
import { scheduleOf } from '../src/modules/loan-book/use-cases/loan-position';
import { refreshLoanStatus } from '../src/modules/loan-book/use-cases/refresh-loan-status';
import { borrowerAtApplicationReview, classicApp, forceStatus } from './application-helpers';
import { CLEARBROOK, UNKNOWN_VALID_ROUTING } from './banking-helpers';
import { auth, call, outbox } from './identity-helpers';
import { fundedBorrower } from './servicing-helpers';
import type { TestApp } from './test-app';

let app: TestApp;
let owner: Awaited<ReturnType<typeof fundedBorrower>>;
let other: Awaited<ReturnType<typeof fundedBorrower>>;
beforeAll(async () => {
  app = await classicApp({ config: { requireHumanReview: true } });
  await app.ctx.repos.loanBook.setBusinessDateOverride(null, null, app.ctx.now());
  owner = await fundedBorrower(app);
  other = await fundedBorrower(app);
  // The owner repays online (one-time payments, auto-debit); the other by payroll allotment.
  const ownerLoan = (await app.ctx.repos.loanBook.loan(owner.loan.id))!;
  await app.ctx.database.db.update(applications).set({ paymentMethod: 'one_times' }).where(eq(applications.id, ownerLoan.applicationId));
  await app.ctx.database.db
    .update(applications)
    .set({ paymentMethod: 'split_direct_deposit' })
    .where(eq(applications.id, (await app.ctx.repos.loanBook.loan(other.loan.id))!.applicationId));
  // Servicing starts on the day the money moves.
  await app.ctx.repos.loanBook.setBusinessDateOverride(parseIsoDate(owner.loan.disbursement_date), null, app.ctx.now());
});
afterAll(async () => {
  await app.ctx.repos.loanBook.setBusinessDateOverride(null, null, app.ctx.now());
  await app.close();
});

const db = () => app.ctx.database.db;
const get = (token: string | null, url: string) => call(app, { url: `/api${url}`, headers: token ? auth(token) : {} });
let keyN = 0;
const newKey = () => `pay-key-${Date.now().toString(36)}-${String(++keyN)}`;
const pay = (token: string, body: Record<string, unknown>, key: string | null = newKey()) =>
  call(app, { method: 'POST', url: '/api/request_payment', headers: { ...auth(token), ...(key === null ? {} : { 'idempotency-key': key }) }, payload: body });
const cancel = (token: string, id: number) => call(app, { method: 'PATCH', url: `/api/transactions/cancel/${id}`, headers: auth(token) });
const today = () => businessToday(app.ctx);
const setBusinessDate = (d: string | null) => app.ctx.repos.loanBook.setBusinessDateOverride(d === null ? null : parseIsoDate(d), null, app.ctx.now());
const errorsOf = (res: { json: <T>() => T }) => res.json<{ error_messages: string[] }>().error_messages;

describe('borrower servicing calls need a session', () => {
  it('answers 401 without a token on every call', async () => {
    const calls: [string, string][] = [
      ['GET', '/loans/last'],
      ['GET', '/loans/ongoing_loans'],
      ['GET', '/loans/history'],
      ['GET', '/loans/history/payments'],
      ['GET', '/loans/last/onboarding'],
      ['GET', '/loans/1/documents'],
      ['GET', '/loans/documents/download/1'],
      ['POST', '/loans/documents/download/zip'],
      ['GET', '/transactions/loan/1'],
      ['PATCH', '/transactions/cancel/1'],
      ['GET', '/1/payoff/2026-12-10'],
      ['GET', '/business_date'],
      ['GET', '/transactions/loan/next_term_date/1'],
      ['POST', '/request_payment'],
    ];
    for (const [method, url] of calls) {
      const res = await call(app, { method: method as 'GET', url: `/api${url}`, payload: method === 'GET' ? undefined : {} });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
    }
  });
});

describe('loans', () => {
  it('GET /loans/last answers the §3 loan record in cents, derived from the ledger', async () => {
    const res = await get(owner.token, '/loans/last');
    expect(res.statusCode, res.body).toBe(200);
    const { loan } = res.json<TLastLoanResponse>();
    const schedule = await scheduleOf(app.ctx, (await app.ctx.repos.loanBook.loan(owner.loan.id))!);
    expect(loan).toMatchObject({
      id: owner.loan.id,
      identifier: owner.loan.identifier,
      loan_status: 'opened',
      effective_date: owner.loan.disbursement_date,
      amount: owner.loan.amount,
      fee_amount: owner.loan.fee,
      fee_label: expect.stringMatching(/^(origination fee|document preparation fee)$/),
      interest_rate: owner.loan.interest_rate,
      payment_per_term: schedule.regularPaymentCents,
      finance_charge: owner.loan.finance_charge,
      total_of_payments: owner.loan.total_of_payments,
      principal_balance: owner.loan.note_principal,
      outstanding_balance: owner.loan.note_principal,
      paid_amount: 0,
      number_of_payments: 0,
      terms: owner.loan.terms,
      number_of_allotments: owner.loan.terms,
      total_allotments_paid: 0,
      remaining_terms: owner.loan.terms,
      due_date: schedule.dueDates[0],
      // The next payment: the schedule of record's first installment, on its due date (what the statement says).
      next_payment: { amount: schedule.rows[0]!.paymentCents, due_date: schedule.dueDates[0] },
      paid_off_on: null,
      days_past_due: 0,
      loan_master_loaded: true,
      eligible_for_refinance: false,
      requirements_to_refinance: { no_pending_transactions: true, account_current: true, paid_enough: false },
    });
  });

  it('ongoing_loans has opened_loan.loan and no applying_loan; history filters; onboarding names the status', async () => {
    const ongoing = (await get(owner.token, '/loans/ongoing_loans')).json<TOngoingLoansResponse>();
    expect(ongoing.opened_loan?.loan.id).toBe(owner.loan.id);
    expect(ongoing).not.toHaveProperty('applying_loan');
    expect((await get(owner.token, '/loans/history')).json<TLoanHistoryResponse>().loans.map((l) => l.id)).toEqual([owner.loan.id]);
    expect((await get(owner.token, '/loans/history?status=opened')).json<TLoanHistoryResponse>().loans).toHaveLength(1);
    expect((await get(owner.token, '/loans/history?status=closed_paid')).json<TLoanHistoryResponse>().loans).toHaveLength(0);
    expect(
      (await get(owner.token, `/loans/history?from=${addDays(parseIsoDate(owner.loan.disbursement_date), 1)}`)).json<TLoanHistoryResponse>().loans,
    ).toHaveLength(0);
    expect((await get(owner.token, '/loans/history?status=bogus')).statusCode).toBe(422);
    expect((await get(owner.token, '/loans/last/onboarding')).json<TLastLoanOnboardingResponse>()).toMatchObject({
      loan_status: 'opened',
      loan_id: owner.loan.id,
    });
  });

  it('ongoing_loans has applying_loan.loan while an application with chosen terms is in progress (under review, waiting e-sign), until funded', async () => {
    const applicant = await borrowerAtApplicationReview(app);
    const [row] = await db().select().from(applications).where(eq(applications.userId, applicant.id));
    const applying = async () => (await get(applicant.token, '/loans/ongoing_loans')).json<TOngoingLoansResponse>();
    const first = await applying();
    expect(first).not.toHaveProperty('opened_loan');
    expect(first.applying_loan?.loan).toMatchObject({
      id: row!.id,
      loan_status: 'pending',
      amount: row!.amountCents,
      payment_per_term: row!.paymentPerTermCents,
      total_of_payments: row!.totalOfPaymentsCents,
      finance_charge: row!.financeChargeCents,
      number_of_allotments: row!.numberOfPayments,
      remaining_terms: row!.numberOfPayments,
      term_frequency: row!.termFrequency,
      due_date: row!.firstPaymentDate,
      paid_amount: 0,
      loan_master_loaded: false,
      is_waiting_esign: false,
      is_under_review: false,
    });
    await forceStatus(app, applicant.id, 'esignature_needed');
    expect((await applying()).applying_loan?.loan).toMatchObject({ is_waiting_esign: true, is_under_review: false });
    await forceStatus(app, applicant.id, 'application_submitted');
    expect((await applying()).applying_loan?.loan).toMatchObject({ is_waiting_esign: false, is_under_review: true });
    // No terms chosen yet: nothing is being applied for.
    await db().update(applications).set({ amountCents: null }).where(eq(applications.id, row!.id));
    expect(await applying()).toEqual({});
  });

  it("another member's loan is not found on every per-loan call", async () => {
    const id = other.loan.id;
    for (const url of [
      `/loans/${id}/documents`,
      `/transactions/loan/${id}`,
      `/transactions/loan/next_term_date/${id}`,
      `/${id}/payoff/${await today()}`,
      `/loans/history/payments?loan_id=${id}`,
    ]) {
      const res = await get(owner.token, url);
      expect(res.statusCode, url).toBe(404);
    }
    const res = await pay(owner.token, { method: 'ach', mode: 'one_time', loan_id: id, amount: 5000, scheduling: { instant: true, date: await today() } });
    expect(res.statusCode).toBe(404);
    expect(errorsOf(res)).toEqual([PAYMENT_MSG.loanNotFound]);
  });
});

describe('documents', () => {
  it('lists the signed note, downloads it, zips several; others get 404', async () => {
    const list = (await get(owner.token, `/loans/${owner.loan.id}/documents`)).json<TLoanDocumentsResponse>().documents;
    expect(list).toHaveLength(1);
    const doc = list[0]!;
    expect(doc).toMatchObject({ file_extension: 'pdf', file_url: `/api/loans/documents/download/${doc.id}` });
    expect(doc.file_name).toContain(owner.loan.identifier);
    const pdf = await get(owner.token, `/loans/documents/download/${doc.id}`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.rawPayload.length).toBe(doc.file_size);

    const zip = await call(app, { method: 'POST', url: '/api/loans/documents/download/zip', headers: auth(owner.token), payload: { documents: [doc.id] } });
    expect(zip.statusCode).toBe(200);
    expect(zip.headers['content-type']).toBe('application/zip');
    const files = unzipSync(new Uint8Array(zip.rawPayload));
    expect(Object.keys(files)).toEqual([doc.file_name]);
    expect(Buffer.from(files[doc.file_name]!).equals(pdf.rawPayload)).toBe(true);

    expect((await get(other.token, `/loans/documents/download/${doc.id}`)).statusCode).toBe(404);
    const foreignZip = await call(app, {
      method: 'POST',
      url: '/api/loans/documents/download/zip',
      headers: auth(other.token),
      payload: { documents: [doc.id] },
    });
    expect(foreignZip.statusCode).toBe(404);
    expect(
      (await call(app, { method: 'POST', url: '/api/loans/documents/download/zip', headers: auth(owner.token), payload: { documents: [] } })).statusCode,
    ).toBe(422);
  });
});

describe('GET /business_date', () => {
  it("answers servicing's business date, which follows the staff-moved clock", async () => {
    const first = await get(owner.token, '/business_date');
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ business_date: await today() });
    const before = await today();
    const ahead = addDays(parseIsoDate(before), 40);
    await setBusinessDate(ahead);
    try {
      expect((await get(owner.token, '/business_date')).json()).toEqual({ business_date: ahead });
    } finally {
      await setBusinessDate(before);
    }
  });
});

describe('payoff quote and next term date', () => {
  it('GET /{loanId}/payoff/{date} is the domain payoff; refuses bad and past dates', async () => {
    const date = addDays(parseIsoDate(owner.loan.disbursement_date), 20);
    const res = await get(owner.token, `/${owner.loan.id}/payoff/${date}`);
    expect(res.statusCode, res.body).toBe(200);
    const schedule = await scheduleOf(app.ctx, (await app.ctx.repos.loanBook.loan(owner.loan.id))!);
    // A weekend or holiday is quoted for the next business day, when the money really moves.
    const on = settlementDate(date);
    const payoff = payoffAsOf(schedule, [], on).payoffCents;
    expect(res.json<TPayoffResponse>()).toEqual({ payoff_amount: payoff, date: on, payable_amount: payoff, on_its_way_amount: 0 });
    const bad = await get(owner.token, `/${owner.loan.id}/payoff/2026-02-30`);
    expect(bad.statusCode).toBe(400);
    expect(errorsOf(bad)).toEqual([PAYMENT_MSG.payoffDateInvalid]);
    const past = await get(owner.token, `/${owner.loan.id}/payoff/${addDays(await today(), -1)}`);
    expect(past.statusCode).toBe(400);
    expect(errorsOf(past)).toEqual([PAYMENT_MSG.payoffDateInPast]);
  });

  it('next_term_date is the due date of the installment in progress', async () => {
    const res = await get(owner.token, `/transactions/loan/next_term_date/${owner.loan.id}`);
    const schedule = await scheduleOf(app.ctx, (await app.ctx.repos.loanBook.loan(owner.loan.id))!);
    expect(res.json<TNextTermDateResponse>()).toEqual({ next_term_date: schedule.dueDates[0], payment_per_term: schedule.regularPaymentCents });
  });
});

describe('POST /request_payment rules (spec §5) and messages (§8)', () => {
  it('requires an Idempotency-Key', async () => {
    const res = await pay(
      owner.token,
      { method: 'ach', mode: 'one_time', loan_id: owner.loan.id, amount: 5000, scheduling: { instant: true, date: await today() } },
      null,
    );
    expect(res.statusCode).toBe(400);
    expect(errorsOf(res)).toEqual([PAYMENT_MSG.idempotencyKeyInvalid]);
  });

  it('one-time: lowerThanMinimum, date required / valid / not before today, amount digits, mode and method', async () => {
    const base = { method: 'ach', mode: 'one_time', loan_id: owner.loan.id };
    const cases: [Record<string, unknown>, string[]][] = [
      [{ amount: 999, scheduling: { instant: true, date: await today() } }, [PAYMENT_MSG.lowerThanMinimum]],
      [{ amount: 1000 }, [PAYMENT_MSG.dateRequired]],
      [{ amount: 1000, scheduling: { instant: false, date: '2026-13-01' } }, [PAYMENT_MSG.dateInvalid]],
      [{ amount: 1000, scheduling: { instant: false, date: addDays(await today(), -1) } }, [PAYMENT_MSG.dateInPast]],
      [{ scheduling: { instant: true, date: await today() } }, [PAYMENT_MSG.amountRequired]],
      [{ amount: '12345678901', scheduling: { instant: true, date: await today() } }, [PAYMENT_MSG.amountTooLong]],
      [{ amount: '10.50', scheduling: { instant: true, date: await today() } }, [PAYMENT_MSG.amountRequired]],
      [{ amount: 500, mode: 'later' }, [PAYMENT_MSG.modeInvalid]],
      [{ amount: 5000, method: 'cash', scheduling: { instant: true, date: await today() } }, [PAYMENT_MSG.methodUnsupported]],
      [{ amount: 999 }, [PAYMENT_MSG.lowerThanMinimum, PAYMENT_MSG.dateRequired]],
    ];
    for (const [body, messages] of cases) {
      const res = await pay(owner.token, { ...base, ...body });
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(errorsOf(res), JSON.stringify(body)).toEqual(messages);
    }
    const disbursed = parseIsoDate(owner.loan.disbursement_date);
    await setBusinessDate(addDays(disbursed, -1));
    const early = await pay(owner.token, { ...base, amount: 1000, scheduling: { instant: true, date: addDays(disbursed, -1) } });
    expect(errorsOf(early)).toEqual([PAYMENT_MSG.dateBeforeLoan]);
    await setBusinessDate(disbursed);
    const quote = (await get(owner.token, `/${owner.loan.id}/payoff/${await today()}`)).json<TPayoffResponse>().payoff_amount;
    const over = await pay(owner.token, { ...base, amount: quote + 1, scheduling: { instant: true, date: await today() } });
    expect(errorsOf(over)).toEqual([PAYMENT_MSG.amountAbovePayoff(formatCents(quote as never))]);
    expect(await db().select().from(loanTransactions).where(eq(loanTransactions.userId, owner.id))).toHaveLength(0);
  });

  it('a new account in params.customBanking is verified by the server', async () => {
    const base = { method: 'ach', mode: 'one_time', loan_id: owner.loan.id, amount: 2500, scheduling: { instant: true, date: await today() } };
    const cases: [Record<string, unknown>, string[]][] = [
      [{ account_number: '', routing_number: CLEARBROOK.routing, account_type: 'checking' }, [PAYMENT_MSG.accountIncomplete]],
      [{ account_number: '123456789', routing_number: CLEARBROOK.routing, account_type: 'brokerage' }, [PAYMENT_MSG.accountTypeInvalid]],
      [{ account_number: '123456789', routing_number: '123456789', account_type: 'checking' }, [BANK_MSG.routingInvalid]],
      [{ account_number: '123456789', routing_number: UNKNOWN_VALID_ROUTING, account_type: 'checking' }, [BANK_MSG.bankNotFound]],
      [{ account_number: '12-34', routing_number: CLEARBROOK.routing, account_type: 'savings' }, [BANK_MSG.accountInvalid]],
    ];
    for (const [customBanking, messages] of cases) {
      const res = await pay(owner.token, { ...base, params: { customBanking } });
      expect(res.statusCode).toBe(422);
      expect(errorsOf(res), JSON.stringify(customBanking)).toEqual(messages);
    }
  });

  it('without a verified account on file, an account is required', async () => {
    await db().update(bankAccounts).set({ archivedAt: app.ctx.now() }).where(eq(bankAccounts.userId, other.id));
    const res = await pay(other.token, {
      method: 'ach',
      mode: 'one_time',
      loan_id: other.loan.id,
      amount: 2500,
      scheduling: { instant: true, date: await today() },
    });
    expect(errorsOf(res)).toEqual([PAYMENT_MSG.accountRequired]);
  });

  it('one-time success: a scheduled transaction, the §8 message; a retry answers the same; a reused key for another payment is 409', async () => {
    const key = newKey();
    const body = { method: 'ach', mode: 'one_time', loan_id: owner.loan.id, amount: 2500, scheduling: { instant: true, date: await today() } };
    const first = await pay(owner.token, body, key);
    expect(first.statusCode, first.body).toBe(200);
    const answer = first.json<TPaymentResponse>();
    // Today, or the next business day when today's daily run already went out (the quote says which).
    const settles = (await get(owner.token, `/${owner.loan.id}/payoff/${await today()}`)).json<TPayoffResponse>().date;
    expect(answer).toMatchObject({
      ok: true,
      message: PAYMENT_MSG.sent,
      transaction: { transaction_status: 'scheduled', amount: 2500, due_date: settles, pay_method: 'ach', transaction_mode: 'one_time' },
    });
    expect((await pay(owner.token, body, key)).json()).toEqual(answer);
    const reused = await pay(owner.token, { ...body, amount: 2600 }, key);
    expect(reused.statusCode).toBe(409);
    expect(errorsOf(reused)).toEqual([PAYMENT_MSG.idempotencyKeyReused]);
    const mails = (await outbox(app, owner.email)).filter(
      (m) => m.subject === 'Your Payrail payment is scheduled' && m.body.includes(`Payment of $25.00 for loan ${owner.loan.identifier}`),
    );
    expect(mails).toHaveLength(1);
    const notices = await db().select().from(notifications).where(eq(notifications.userId, owner.id));
    expect(notices.filter((n) => n.message.startsWith(`Payment of $25.00 for loan ${owner.loan.identifier}`))).toHaveLength(1);
    const listed = (await get(owner.token, `/transactions/loan/${owner.loan.id}`)).json<TScheduledPaymentsResponse>().transactions;
    expect(listed.filter((t) => t.id === answer.transaction.id)).toHaveLength(1);
  });

  it('auto-debit: lowerThanTerm, disclosure required; then one authorization at the next term date; a second is refused', async () => {
    const next = (await get(owner.token, `/transactions/loan/next_term_date/${owner.loan.id}`)).json<TNextTermDateResponse>();
    const base = { method: 'ach', mode: 'auto_debit', loan_id: owner.loan.id };
    const low = await pay(owner.token, { ...base, amount: next.payment_per_term - 1, disclosure_accepted: true });
    expect(errorsOf(low)).toEqual([PAYMENT_MSG.lowerThanTerm(formatCents(next.payment_per_term as never))]);
    const noDisclosure = await pay(owner.token, { ...base, amount: next.payment_per_term });
    expect(errorsOf(noDisclosure)).toEqual([PAYMENT_MSG.disclosureRequired]);

    const ok = await pay(owner.token, {
      ...base,
      amount: next.payment_per_term,
      disclosure_accepted: true,
      params: { customBanking: { account_number: '987654321', routing_number: CLEARBROOK.routing, account_type: 'Savings' } },
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json<TPaymentResponse>().transaction).toMatchObject({
      transaction_mode: 'auto_debit',
      due_date: next.next_term_date,
      amount: next.payment_per_term,
      transaction_status: 'scheduled',
    });
    const [authorization] = await db().select().from(autoDebitAuthorizations).where(eq(autoDebitAuthorizations.loanId, owner.loan.id));
    expect(authorization).toMatchObject({ amountCents: next.payment_per_term, revokedAt: null });
    expect(authorization!.disclosureDocumentId).not.toBeNull();
    const [account] = await db().select().from(bankAccounts).where(eq(bankAccounts.id, authorization!.bankAccountId));
    expect(account).toMatchObject({ usage: 'auto_debit', accountType: 'savings', routingNumber: CLEARBROOK.routing, accountNumberLast4: '4321' });

    const again = await pay(owner.token, { ...base, amount: next.payment_per_term, disclosure_accepted: true });
    expect(errorsOf(again)).toEqual([PAYMENT_MSG.autoDebitExists]);

    // The servicing run's view: the installment is due within the horizon, and its debit exists once.
    const due = (await dueAutoDebits(app.ctx, await today(), 400)).filter((d) => d.loan.id === owner.loan.id);
    expect(due.map((d) => [d.installmentN, d.dueDate, d.amountCents])).toEqual([[1, next.next_term_date, next.payment_per_term]]);
    expect(await dueAutoDebits(app.ctx, addDays(parseIsoDate(next.next_term_date), -1))).not.toContainEqual(
      expect.objectContaining({ installmentN: 1, loan: expect.objectContaining({ id: owner.loan.id }) }),
    );
    expect(
      await app.ctx.repos.loanBook.createAutoDebitTransaction({
        authorization: authorization!,
        installmentN: 1,
        scheduledDate: parseIsoDate(next.next_term_date),
        amountCents: cents(next.payment_per_term),
        at: app.ctx.now(),
      }),
    ).toBeUndefined();
  });

  it('auto-debit on a loan repaid by payroll allotment is refused: one collection method per installment', async () => {
    const next = (await get(other.token, `/transactions/loan/next_term_date/${other.loan.id}`)).json<TNextTermDateResponse>();
    const refused = await pay(other.token, {
      method: 'ach',
      mode: 'auto_debit',
      loan_id: other.loan.id,
      amount: next.payment_per_term,
      disclosure_accepted: true,
    });
    expect(refused.statusCode).toBe(422);
    expect(errorsOf(refused)).toContain(PAYMENT_MSG.autoDebitOnAllotment);
    expect(await app.ctx.repos.loanBook.activeAuthorization(other.loan.id)).toBeUndefined();
  });

  it('payoff: the amount is the quote of the date and cannot be changed', async () => {
    const date = addDays(await today(), 3);
    const quote = (await get(owner.token, `/${owner.loan.id}/payoff/${date}`)).json<TPayoffResponse>().payoff_amount;
    const changed = await pay(owner.token, {
      method: 'ach',
      mode: 'payoff',
      loan_id: owner.loan.id,
      amount: quote - 100,
      scheduling: { instant: false, date },
    });
    expect(errorsOf(changed)).toEqual([PAYMENT_MSG.payoffAmountFixed]);
    const ok = await pay(owner.token, { method: 'ach', mode: 'payoff', loan_id: owner.loan.id, scheduling: { instant: false, date } });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json<TPaymentResponse>().transaction).toMatchObject({ transaction_mode: 'payoff', amount: quote, due_date: settlementDate(date) });
    // The borrower changes their mind: the payments after it are theirs to make again.
    expect((await cancel(owner.token, ok.json<TPaymentResponse>().transaction.id)).statusCode).toBe(200);
  });
});

describe("the signed note states the engine's interest method", () => {
  it('promissory_note_terms says per-period interest earned by days, not daily actual/365', async () => {
    const doc = (await app.ctx.repos.reference.findAgreementDocument('promissory_note_terms', null))!;
    const text = doc.sections.flatMap((s) => s.paragraphs).join(' ');
    expect(text).not.toMatch(/365/);
    expect(text).toContain('charged per payment period');
    expect(text).toContain('multiplied by the days elapsed since the period began and divided by the days in the period');
    expect(text).toContain('fees, then interest, then principal');
  });
});

describe('PATCH /transactions/cancel/{id}', () => {
  it("cancels the owner's scheduled payment once; 409 once canceled or sent; 404 for others", async () => {
    const later = addDays(await today(), 2);
    const body = (amount: number) => ({ method: 'ach', mode: 'one_time', loan_id: owner.loan.id, amount, scheduling: { instant: false, date: later } });
    const a = (await pay(owner.token, body(1500))).json<TPaymentResponse>().transaction;
    expect((await cancel(other.token, a.id)).statusCode).toBe(404);
    const done = await cancel(owner.token, a.id);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json<TCancelTransactionResponse>()).toMatchObject({
      ok: true,
      message: PAYMENT_MSG.canceled,
      transaction: { id: a.id, transaction_status: 'canceled' },
    });
    const twice = await cancel(owner.token, a.id);
    expect(twice.statusCode).toBe(409);
    expect(errorsOf(twice)).toEqual([PAYMENT_MSG.inProgressOrDone]);

    const b = (await pay(owner.token, body(1600))).json<TPaymentResponse>().transaction;
    await app.ctx.repos.loanBook.recordPayment({
      loanId: owner.loan.id,
      kind: 'one_time_payment',
      effectiveDate: parseIsoDate(b.due_date),
      amountCents: cents(b.amount),
      transactionId: b.id,
      at: app.ctx.now(),
    });
    const sent = await cancel(owner.token, b.id);
    expect(sent.statusCode).toBe(409);
    expect(errorsOf(sent)).toEqual([PAYMENT_MSG.inProgressOrDone]);
    expect((await cancel(owner.token, 2_000_000_000)).statusCode).toBe(404);
  });
});

describe('idempotency under concurrency', () => {
  it('30 parallel request_payment calls with one key make ONE payment, every answer identical', async () => {
    const key = newKey();
    const body = {
      method: 'ach',
      mode: 'one_time',
      loan_id: other.loan.id,
      amount: 3100,
      scheduling: { instant: false, date: addDays(await today(), 1) },
      params: { customBanking: { account_number: '55550001', routing_number: CLEARBROOK.routing, account_type: 'checking' } },
    };
    const answers = await Promise.all(Array.from({ length: 30 }, () => pay(other.token, body, key)));
    for (const a of answers) expect(a.statusCode, a.body).toBe(200);
    const first = answers[0]!.json<TPaymentResponse>();
    for (const a of answers) expect(a.json()).toEqual(first);
    const rows = await db().select().from(loanTransactions).where(eq(loanTransactions.idempotencyKey, key));
    expect(rows).toHaveLength(1);
    const accounts = await db().select().from(bankAccounts).where(eq(bankAccounts.userId, other.id));
    expect(accounts.filter((x) => x.usage === 'auto_debit' && x.accountNumberLast4 === '0001')).toHaveLength(1);
    const notices = await db().select().from(notifications).where(eq(notifications.userId, other.id));
    expect(notices.filter((n) => n.message.startsWith('Payment of $31.00'))).toHaveLength(1);
    expect((await outbox(app, other.email)).filter((m) => m.body.includes('Payment of $31.00'))).toHaveLength(1);
  });
});

describe('ledger, payment history and paid_off', () => {
  it('a posted payment shows with its allocation; a return reverses it as of its date; the ledger is append-only', async () => {
    const loanId = other.loan.id;
    const date = addDays(parseIsoDate(other.loan.disbursement_date), 10);
    await setBusinessDate(date);
    const entry = await app.ctx.repos.loanBook.recordPayment({
      loanId,
      kind: 'one_time_payment',
      effectiveDate: date,
      amountCents: cents(5000),
      at: app.ctx.now(),
      idempotencyKey: `test-pay-${loanId}`,
    });
    const again = await app.ctx.repos.loanBook.recordPayment({
      loanId,
      kind: 'one_time_payment',
      effectiveDate: date,
      amountCents: cents(5000),
      at: app.ctx.now(),
      idempotencyKey: `test-pay-${loanId}`,
    });
    expect(again.id).toBe(entry.id);
    const history = (await get(other.token, `/loans/history/payments?loan_id=${loanId}`)).json<TPaymentHistoryResponse>().payments;
    expect(history).toHaveLength(1);
    const row = history[0]!;
    expect(row).toMatchObject({ id: entry.id, source: 'one_time', amount: 5000, effective_date: date, status: 'posted' });
    expect(row.principal_paid + row.interest_paid + row.fees_paid).toBe(5000);
    const loanBefore = (await get(other.token, '/loans/last')).json<TLastLoanResponse>().loan;
    expect(loanBefore).toMatchObject({ paid_amount: 5000, number_of_payments: 1, principal_balance: other.loan.note_principal - row.principal_paid });

    const returnedOn = addDays(date, 2) as IsoDate;
    await setBusinessDate(returnedOn);
    await app.ctx.repos.loanBook.reversePayment({ entryId: entry.id, returnedOn, reasonCode: 'R01', reason: 'Insufficient funds', at: app.ctx.now() });
    const after = (await get(other.token, `/loans/history/payments?loan_id=${loanId}`)).json<TPaymentHistoryResponse>().payments;
    expect(after[0]).toMatchObject({ id: entry.id, status: 'returned', returned_on: returnedOn, return_reason: 'R01', principal_paid: 0 });
    expect((await get(other.token, '/loans/last')).json<TLastLoanResponse>().loan).toMatchObject({
      paid_amount: 0,
      number_of_payments: 0,
      principal_balance: other.loan.note_principal,
    });

    await expect(
      db()
        .update(ledgerEntries)
        .set({ amountCents: cents(1) })
        .where(eq(ledgerEntries.id, entry.id)),
    ).rejects.toThrow();
    await expect(db().delete(ledgerEntries).where(eq(ledgerEntries.id, entry.id))).rejects.toThrow();
    expect((await db().select().from(ledgerEntries).where(eq(ledgerEntries.loanId, loanId))).map((e) => e.kind).sort()).toEqual([
      'disbursement',
      'one_time_payment',
      'reversal',
    ]);
  });

  it('paying the payoff quote closes the loan (closed_paid, Finished) and paid_off becomes true', async () => {
    const loanId = owner.loan.id;
    const date = addDays(parseIsoDate(owner.loan.disbursement_date), 15);
    await setBusinessDate(date);
    const before = await call(app, { url: '/api/token_is_valid', headers: auth(owner.token) });
    expect(before.json<{ paid_off: boolean }>().paid_off).toBe(false);
    const quote = (await get(owner.token, `/${loanId}/payoff/${date}`)).json<TPayoffResponse>().payoff_amount;
    await app.ctx.repos.loanBook.recordPayment({
      loanId,
      kind: 'payoff',
      effectiveDate: date,
      amountCents: cents(quote),
      at: app.ctx.now(),
      idempotencyKey: `test-payoff-${loanId}`,
    });
    expect(await refreshLoanStatus(app.ctx, loanId)).toBe('closed_paid');
    const loan = (await get(owner.token, '/loans/last')).json<TLastLoanResponse>().loan;
    expect(loan).toMatchObject({
      loan_status: 'closed_paid',
      outstanding_balance: 0,
      principal_balance: 0,
      remaining_terms: 0,
      due_date: null,
      next_payment: null,
      paid_off_on: date,
    });
    expect((await get(owner.token, '/loans/ongoing_loans')).json()).toEqual({});
    expect((await call(app, { url: '/api/token_is_valid', headers: auth(owner.token) })).json<{ paid_off: boolean }>().paid_off).toBe(true);
    const [row] = await db().select().from(loans).where(eq(loans.id, loanId));
    expect(row!.closedAt).not.toBeNull();
    const closedPay = await pay(owner.token, { method: 'ach', mode: 'one_time', loan_id: loanId, amount: 1000, scheduling: { instant: true, date } });
    expect(errorsOf(closedPay)).toEqual([PAYMENT_MSG.loanNotPayable]);
  });

  it('days past due move the loan to default, then the daily run charges it off (SERVICING_DEFAULT_DAYS / SERVICING_CHARGE_OFF_DAYS)', async () => {
    const late = await fundedBorrower(app);
    const schedule = await scheduleOf(app.ctx, (await app.ctx.repos.loanBook.loan(late.loan.id))!);
    const firstDue = schedule.dueDates[0]!;
    const { defaultDays, chargeOffDays } = app.ctx.config.servicing;
    await setBusinessDate(addDays(firstDue, defaultDays - 1));
    expect(await refreshLoanStatus(app.ctx, late.loan.id)).toBe('opened');
    expect((await get(late.token, '/loans/last')).json<TLastLoanResponse>().loan).toMatchObject({
      days_past_due: defaultDays - 1,
      due_date: firstDue,
      eligible_for_refinance: false,
    });
    await setBusinessDate(addDays(firstDue, defaultDays));
    expect(await refreshLoanStatus(app.ctx, late.loan.id)).toBe('default');
    // Late enough for a charge-off: a ledger change leaves it in default; the daily run charges it off, with the
    // charge-off entries that write the balance off.
    const chargeOffDay = addDays(firstDue, chargeOffDays);
    await setBusinessDate(chargeOffDay);
    expect(await refreshLoanStatus(app.ctx, late.loan.id)).toBe('default');
    expect((await db().select().from(ledgerEntries).where(eq(ledgerEntries.loanId, late.loan.id))).filter((e) => e.kind === 'charge_off')).toEqual([]);
    await runDailyServicing(app.ctx, { from: chargeOffDay, through: chargeOffDay });
    const [row] = await db().select().from(loans).where(eq(loans.id, late.loan.id));
    expect(row).toMatchObject({ status: 'charge_off' });
    expect((await db().select().from(ledgerEntries).where(eq(ledgerEntries.loanId, late.loan.id))).filter((e) => e.kind === 'charge_off')).not.toEqual([]);
  });

  it('the database refuses a loan status outside spec §3', async () => {
    await expect(db().execute(sql`update loans set status = 'active' where id = ${owner.loan.id}`)).rejects.toThrow();
  });
});
