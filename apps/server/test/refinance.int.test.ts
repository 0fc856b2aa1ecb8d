import type { TLoanTerms } from '@payrail/contract/application';
import type { TFundResponse } from '@payrail/contract/backoffice';
import { REFINANCE_MSG } from '@payrail/contract/refinance';
import type { TLastLoanResponse, TLoanHistoryResponse, TPaymentHistoryResponse, TPayoffResponse, TServicingLoan } from '@payrail/contract/servicing';
import { addDays, parseIsoDate } from '@payrail/domain/dates';
import type { IsoDate } from '@payrail/domain/dates';
import type { TEsignatureResponse } from '@payrail/contract/esignature';
import { cents, formatUsd } from '@payrail/domain/money';
import { and, desc, eq } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { disbursements, esignatures, ledgerEntries, loans, referralRewards } from '../src/db/schema/index';
import { businessToday } from '../src/lib/business-clock';
import { classicApp, forceStatus, get, post, staffToken, uploadDocument } from './application-helpers';
import { auth, call } from './identity-helpers';
import { pdfText } from './pdf-text';
import { fundedBorrower } from './servicing-helpers';
import type { TestApp } from './test-app';

let app: TestApp;
let owner: Awaited<ReturnType<typeof fundedBorrower>>;
beforeAll(async () => {
  app = await classicApp({ config: { requireHumanReview: true } });
  owner = await fundedBorrower(app);
  await setBusinessDate(addDays(parseIsoDate(owner.loan.disbursement_date), 5));
});
afterAll(async () => {
  await app.ctx.repos.loanBook.setBusinessDateOverride(null, null, app.ctx.now());
  await app.close();
});

const db = () => app.ctx.database.db;
const setBusinessDate = (d: string | null) => app.ctx.repos.loanBook.setBusinessDateOverride(d === null ? null : parseIsoDate(d), null, app.ctx.now());
const lastLoan = async (token: string) => (await get(app, token, '/api/loans/last')).json<TLastLoanResponse>().loan;
const session = async (token: string) =>
  (await get(app, token, '/api/token_is_valid')).json<{ eligible_for_refinance: boolean; loan_type: string; workflow_status: string }>();
const banners = async (token: string) => (await get(app, token, '/api/banners')).json<{ url: string }[]>().map((b) => b.url);
const failing = (l: TServicingLoan) =>
  Object.entries(l.requirements_to_refinance)
    .filter(([, ok]) => !ok)
    .map(([k]) => k);
/** Repays `share` of the note principal in one settled payment dated on the business date. */
async function repay(loanId: number, notePrincipal: number, share: number, key: string) {
  const date = await businessToday(app.ctx);
  await app.ctx.repos.loanBook.recordPayment({
    loanId,
    kind: 'one_time_payment',
    effectiveDate: date,
    amountCents: cents(Math.ceil(notePrincipal * share)),
    at: app.ctx.now(),
    idempotencyKey: key,
  });
}

describe('refinance eligibility (spec §5): each requirement failing alone', () => {
  it('needs the configured share repaid, no pending transaction, a current account and no other application', async () => {
    const before = await lastLoan(owner.token);
    expect(before.eligible_for_refinance).toBe(false);
    expect(failing(before)).toEqual(['paid_enough']);
    expect((await session(owner.token)).eligible_for_refinance).toBe(false);
    expect(await banners(owner.token)).not.toContain('/api/banners/refinance.svg');
    // 49% is not enough with the default share (50%); interest accrued first keeps principal above half.
    await repay(owner.loan.id, owner.loan.note_principal, 0.45, `refi-pay-1-${owner.id}`);
    expect(failing(await lastLoan(owner.token))).toEqual(['paid_enough']);
    await repay(owner.loan.id, owner.loan.note_principal, 0.2, `refi-pay-2-${owner.id}`);
    const eligible = await lastLoan(owner.token);
    expect(failing(eligible)).toEqual([]);
    expect(eligible.eligible_for_refinance).toBe(true);
    expect((await session(owner.token)).eligible_for_refinance).toBe(true);
    // The sidebar's refinancing offer asks the same rule (engagement's eligibleForRefinance hook, module-hooks.ts).
    expect(await banners(owner.token)).toContain('/api/banners/refinance.svg');

    // A scheduled payment alone.
    const today = await businessToday(app.ctx);
    const sched = await call(app, {
      method: 'POST',
      url: '/api/request_payment',
      headers: { ...auth(owner.token), 'idempotency-key': `refi-sched-${owner.id}` },
      payload: { method: 'ach', mode: 'one_time', loan_id: owner.loan.id, amount: 1000, scheduling: { instant: false, date: addDays(today, 3) } },
    });
    expect(sched.statusCode, sched.body).toBe(200);
    expect(failing(await lastLoan(owner.token))).toEqual(['no_pending_transactions']);
    expect((await session(owner.token)).eligible_for_refinance).toBe(false);
    const txId = sched.json<{ transaction: { id: number } }>().transaction.id;
    expect((await call(app, { method: 'PATCH', url: `/api/transactions/cancel/${txId}`, headers: auth(owner.token) })).statusCode).toBe(200);

    // Another application in progress alone.
    await forceStatus(app, owner.id, 'ready_for_review');
    expect(failing(await lastLoan(owner.token))).toEqual(['no_application_in_progress']);
    await forceStatus(app, owner.id, 'approved');

    // Past due alone: a prepayment keeps the installment due, so a day after the first due date is late.
    const schedule = await app.ctx.repos.loanBook.installments(owner.loan.id);
    await setBusinessDate(addDays(parseIsoDate(schedule[0]!.dueDate), 1));
    expect(failing(await lastLoan(owner.token))).toEqual(['account_current']);
    await setBusinessDate(today);
    expect((await lastLoan(owner.token)).eligible_for_refinance).toBe(true);
  });

  it('refuses to start a refinance for an ineligible loan', async () => {
    const other = await fundedBorrower(app);
    const res = await post(app, other.token, '/api/refinance', {});
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ error: REFINANCE_MSG.notEligible, requirements_to_refinance: { paid_enough: false } });
    expect((await session(other.token)).workflow_status).toBe('approved');
  });
});

describe('a refinance from start to funding', () => {
  it('terms with payoff and options, review checks, underwriter, signature, 20 parallel fundings: one new loan and one payoff to the cent', async () => {
    const started = await post(app, owner.token, '/api/refinance', { loan_id: owner.loan.id });
    expect(started.statusCode, started.body).toBe(200);
    expect(started.json()).toEqual({ ok: true, new_status: 'refinancing_loan_terms' });
    expect(await session(owner.token)).toMatchObject({ workflow_status: 'refinancing_loan_terms', loan_type: 'refinancing', eligible_for_refinance: false });
    // Retrying the start is harmless.
    expect((await post(app, owner.token, '/api/refinance', { loan_id: owner.loan.id })).json()).toEqual({ ok: true, new_status: 'refinancing_loan_terms' });
    const pending = await lastLoan(owner.token);
    expect(pending).toMatchObject({ refinance_in_progress: true, is_under_review: false, is_waiting_esign: false, eligible_for_refinance: false });

    // Terms: payoff of the old loan on the new disbursement date; options amount − payoff − fee not financed > 0.
    const terms = (await get(app, owner.token, '/api/loan')).json<TLoanTerms>();
    const quoted = (await get(app, owner.token, `/api/${owner.loan.id}/payoff/${terms.disbursement_date}`)).json<TPayoffResponse>().payoff_amount;
    expect(terms.payoff_amount).toBe(quoted);
    expect(terms.amount_options.length).toBeGreaterThan(0);
    for (const a of terms.amount_options) expect(a - quoted).toBeGreaterThan(0);
    expect(terms.amount - quoted - (terms.fee_not_financed ? terms.fee_amount : 0)).toBeGreaterThan(0);
    const smallest = terms.amount_options[0]!;
    const chosen = (await get(app, owner.token, `/api/loan?amount=${smallest}`)).json<TLoanTerms>();
    expect(chosen.amount).toBe(smallest);
    expect((await get(app, owner.token, '/api/associate_terms_consent')).statusCode).toBe(200);
    // Straight to review from the terms is not a way around the review's checks.
    expect((await post(app, owner.token, '/api/workflow/change_status', { new_status: 'ready_for_review' })).statusCode).toBe(422);
    const toReview = await post(app, owner.token, '/api/workflow/next_status', { current_status: 'refinancing_loan_terms' });
    expect(toReview.json()).toMatchObject({ new_status: 'refinancing_review' });

    // Review confirm: a pay stub for this refinance and, without the payment change, an allotment file.
    const refused = await post(app, owner.token, '/api/workflow/change_status', { new_status: 'ready_for_review' });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({
      errors: { 'documents.pay_stub': ['must have at least one file'], 'documents.allotment': ['must have at least one file'] },
    });
    await uploadDocument(app, owner.token, 'pay_stub');
    await uploadDocument(app, owner.token, 'allotment');
    const submitted = await post(app, owner.token, '/api/workflow/change_status', { new_status: 'ready_for_review' });
    expect(submitted.statusCode, submitted.body).toBe(200);
    expect(submitted.json()).toMatchObject({ new_status: 'ready_for_review' });
    expect(await lastLoan(owner.token)).toMatchObject({ refinance_in_progress: true, is_under_review: true });

    // Underwriter: a refinance is pre-approved to its own signature, never to the repay-method choice.
    const [underwriter, servicer] = await Promise.all([staffToken(app, 'underwriter@payrail.test'), staffToken(app, 'servicer@payrail.test')]);
    const staffMove = (to: string) =>
      call(app, { method: 'POST', url: `/api/backoffice/applications/${owner.id}/status`, headers: auth(underwriter), payload: { new_status: to } });
    expect((await staffMove('select_repay_method')).statusCode).toBe(422);
    expect((await staffMove('refinancing_esignature')).statusCode).toBe(200);
    expect(await lastLoan(owner.token)).toMatchObject({ is_waiting_esign: true, is_under_review: false });

    // The note itemizes the amount financed: paid to you + paid to the existing loan (its payoff for the funding date).
    const noteDay = await businessToday(app.ctx);
    const payoffDay = (chosen.disbursement_date > noteDay ? chosen.disbursement_date : noteDay) as IsoDate;
    const notePayoff = (await get(app, owner.token, `/api/${owner.loan.id}/payoff/${payoffDay}`)).json<TPayoffResponse>().payoff_amount;
    const esign = (await get(app, owner.token, '/api/esignature')).json<TEsignatureResponse>();
    expect(esign.loan_terms.refinance_payoff).toEqual({ loan_number: owner.loan.identifier, payoff_cents: notePayoff, payoff_date: payoffDay });
    const paidToYou = esign.loan_terms.amount_financed_cents - notePayoff;
    expect(paidToYou).toBeGreaterThan(0);
    const unsigned = await PDFDocument.load((await get(app, owner.token, esign.agreements[0]!.file_url)).rawPayload, { updateMetadata: false });
    expect(unsigned.getKeywords()).toContain(`paid_on_existing_loan_cents=${notePayoff}`);
    expect(unsigned.getKeywords()).toContain(`paid_to_you_cents=${paidToYou}`);
    expect(unsigned.getKeywords()).toContain(`existing_loan=${owner.loan.identifier}`);
    const itemization = (text: string) => text.slice(text.indexOf('Itemization of Amount Financed'), text.indexOf('Loan details')).trim();
    expect(itemization(pdfText(unsigned)).split('\n')).toEqual([
      'Itemization of Amount Financed',
      'Amount paid to you directly',
      formatUsd(cents(paidToYou)),
      `Paid to your existing loan #${owner.loan.identifier}`,
      formatUsd(cents(notePayoff)),
      'Amount Financed',
      formatUsd(cents(esign.loan_terms.amount_financed_cents)),
      `Prepaid finance charge (${esign.loan_terms.fee_label})`,
      formatUsd(cents(esign.loan_terms.fee_cents)),
      'Principal amount of this note',
      formatUsd(cents(esign.loan_terms.amount_financed_cents + esign.loan_terms.fee_cents)),
      expect.stringContaining(`The payoff of loan #${owner.loan.identifier} is quoted for`),
      expect.any(String),
    ]);

    const signed = await post(app, owner.token, '/api/esignature/sign', { signature_name: 'Jordan Rivera' });
    expect(signed.statusCode, signed.body).toBe(200);
    const [signature] = await db().select().from(esignatures).where(eq(esignatures.userId, owner.id)).orderBy(desc(esignatures.id)).limit(1);
    expect(signature!.figures.refinance_payoff).toEqual({ loan_number: owner.loan.identifier, payoff_cents: notePayoff, payoff_date: payoffDay });
    const signedNote = await PDFDocument.load((await get(app, owner.token, esign.agreements[0]!.file_url)).rawPayload, { updateMetadata: false });
    expect(signedNote.getKeywords()).toContain('signed=true');
    expect(pdfText(signedNote)).toContain(`Paid to your existing loan #${owner.loan.identifier}\n${formatUsd(cents(notePayoff))}`);
    expect((await call(app, { method: 'POST', url: `/api/backoffice/applications/${owner.id}/approve`, headers: auth(underwriter) })).statusCode).toBe(200);

    // The payoff quote for the funding date, asked before funding.
    const today = await businessToday(app.ctx);
    const fundingDate = (chosen.disbursement_date > today ? chosen.disbursement_date : today) as IsoDate;
    const payoffQuote = (await get(app, owner.token, `/api/${owner.loan.id}/payoff/${fundingDate}`)).json<TPayoffResponse>().payoff_amount;

    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        call(app, {
          method: 'POST',
          url: `/api/backoffice/applications/${owner.id}/fund`,
          headers: { ...auth(servicer), 'idempotency-key': `refi-fund-${owner.id}-${i}` },
        }),
      ),
    );
    const ok = results.filter((r) => r.statusCode === 200);
    expect(ok).toHaveLength(1);
    expect(results.filter((r) => r.statusCode !== 200).map((r) => r.statusCode)).toEqual(Array(19).fill(409));
    const funded = ok[0]!.json<TFundResponse>();

    const newLoans = await db().select().from(loans).where(eq(loans.refinancesLoanId, owner.loan.id));
    expect(newLoans.map((l) => l.id)).toEqual([funded.loan.id]);
    const payoffs = await db()
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.loanId, owner.loan.id), eq(ledgerEntries.kind, 'payoff')));
    expect(payoffs.map((p) => [p.amountCents, p.effectiveDate])).toEqual([[payoffQuote, fundingDate]]);
    const [old] = await db().select().from(loans).where(eq(loans.id, owner.loan.id));
    expect(old!.status).toBe('closed_refinanced');
    // Only the net amount is disbursed; the new loan's ledger holds the full proceeds.
    const proceeds = chosen.amount - (chosen.fee_not_financed ? chosen.fee_amount : 0);
    const credits = await db().select().from(disbursements).where(eq(disbursements.loanId, funded.loan.id));
    expect(credits.map((d) => d.amountCents)).toEqual([proceeds - payoffQuote]);
    // The note's itemization is what the funding paid: the same payoff, the rest to the borrower.
    expect([payoffQuote, proceeds - payoffQuote]).toEqual([notePayoff, paidToYou]);
    const newLedger = await db().select().from(ledgerEntries).where(eq(ledgerEntries.loanId, funded.loan.id));
    expect(newLedger.map((e) => [e.kind, e.amountCents])).toEqual([['disbursement', proceeds]]);

    const history = (await get(app, owner.token, '/api/loans/history')).json<TLoanHistoryResponse>().loans;
    expect(history.map((l) => [l.id, l.loan_status])).toEqual([
      [funded.loan.id, 'opened'],
      [owner.loan.id, 'closed_refinanced'],
    ]);
    // The closed loan is shown as it closed (its payoff may be dated ahead of the business date): nothing owed.
    expect(history[1]).toMatchObject({ outstanding_balance: 0, principal_balance: 0 });
    // Every view of the old loan agrees at this moment: the borrower's record, the servicer's page and the
    // payment history (the payoff is in all three, or in none).
    const servicer2 = await staffToken(app, 'servicer@payrail.test');
    const desk = (await call(app, { url: `/api/backoffice/loans/${owner.loan.id}/servicing`, headers: auth(servicer2) })).json<{
      payoff_amount: number;
      paid_total: number;
    }>();
    const paidHistory = (await get(app, owner.token, `/api/loans/history/payments?loan_id=${owner.loan.id}`)).json<TPaymentHistoryResponse>().payments;
    expect(desk).toMatchObject({ payoff_amount: 0, paid_total: history[1]!.paid_amount });
    expect(paidHistory.filter((p) => p.status === 'posted').reduce((sum, p) => sum + p.amount, 0)).toBe(history[1]!.paid_amount);
    expect(paidHistory.some((p) => p.source === 'payoff' && p.amount === payoffQuote)).toBe(true);
    await setBusinessDate(fundingDate);
    expect((await get(app, owner.token, '/api/loans/history')).json<TLoanHistoryResponse>().loans[1]).toMatchObject({
      outstanding_balance: 0,
      principal_balance: 0,
    });
    // Both notes are the loans' documents.
    for (const id of [funded.loan.id, owner.loan.id])
      expect((await get(app, owner.token, `/api/loans/${id}/documents`)).json<{ documents: unknown[] }>().documents).toHaveLength(1);
    // A refinance is not a new referral.
    expect(
      await db()
        .select()
        .from(referralRewards)
        .where(and(eq(referralRewards.friendUserId, owner.id), eq(referralRewards.kind, 'referral_approved'))),
    ).toEqual([]);
    expect((await session(owner.token)).workflow_status).toBe('approved');
  });
});

describe('a declined refinance: reapply countdown, then a new refinance from declined', () => {
  it('counts the days down on the loan, refuses until the date, then starts again', async () => {
    const b = await fundedBorrower(app);
    const base = addDays(parseIsoDate(b.loan.disbursement_date), 5);
    await setBusinessDate(base);
    await repay(b.loan.id, b.loan.note_principal, 0.7, `refi-decl-pay-${b.id}`);
    expect((await lastLoan(b.token)).eligible_for_refinance).toBe(true);
    expect((await post(app, b.token, '/api/refinance', {})).statusCode).toBe(200);
    await get(app, b.token, '/api/loan');
    await get(app, b.token, '/api/associate_terms_consent');
    await post(app, b.token, '/api/workflow/next_status', { current_status: 'refinancing_loan_terms' });
    await uploadDocument(app, b.token, 'pay_stub');
    await uploadDocument(app, b.token, 'allotment');
    expect((await post(app, b.token, '/api/workflow/change_status', { new_status: 'ready_for_review' })).statusCode).toBe(200);
    const underwriter = await staffToken(app, 'underwriter@payrail.test');
    const reapplyOn = addDays(base, 3);
    const declined = await call(app, {
      method: 'POST',
      url: `/api/backoffice/applications/${b.id}/decline`,
      headers: auth(underwriter),
      payload: { reapply_on: reapplyOn, reasons: ['Income could not be verified'] },
    });
    expect(declined.statusCode, declined.body).toBe(200);

    expect(await lastLoan(b.token)).toMatchObject({
      loan_status: 'opened',
      eligible_for_refinance: false,
      days_left_for_reapply_refinance: 3,
      date_to_reapply_refinance: reapplyOn,
      refinance_in_progress: false,
    });
    await setBusinessDate(addDays(base, 2));
    expect(await lastLoan(b.token)).toMatchObject({ days_left_for_reapply_refinance: 1, eligible_for_refinance: false });
    expect((await post(app, b.token, '/api/refinance', {})).statusCode).toBe(422);
    await setBusinessDate(reapplyOn);
    expect(await lastLoan(b.token)).toMatchObject({ days_left_for_reapply_refinance: null, eligible_for_refinance: true });
    expect((await session(b.token)).workflow_status).toBe('declined');
    const again = await post(app, b.token, '/api/refinance', {});
    expect(again.statusCode, again.body).toBe(200);
    expect(await session(b.token)).toMatchObject({ workflow_status: 'refinancing_loan_terms', loan_type: 'refinancing' });
  });
});
