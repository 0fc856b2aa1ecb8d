import type { TFundResponse } from '@payrail/contract/backoffice';
import type { TEsignLoanTerms } from '@payrail/contract/esignature';
import type { TLoanOffer } from '@payrail/contract/newflow';
import type { TLoanServicingResponse } from '@payrail/contract/servicing-backoffice';
import { nextBusinessDay } from '@payrail/domain/calendar';
import { addDays, type IsoDate, utcDay } from '@payrail/domain/dates';
import { quoteLoan } from '@payrail/domain/loan/disclosure';
import { firstPaymentDate } from '@payrail/domain/loan/first-payment-date';
import type { Frequency } from '@payrail/domain/loan/frequency';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businessToday } from '../src/lib/business-clock';
import { classicApp, staffToken } from './application-helpers';
import { auth, call, latestPhoneCode, PASSWORD, uniquePhone } from './identity-helpers';
import { confirmedApplicant, documentsToLoanOffer, manualBank, newflowSteps, walkToRateCheck } from './newflow-helpers';
import { type TestApp } from './test-app';

/**
 * "Two clocks": once staff move the business date, a new-flow application is still dated on it — the
 * offers, the terms stored at loan_offer, the note signed and the loan funded all start from
 * `businessToday`, never from the real calendar, so a loan is not born past due.
 */
let app: TestApp;
let REAL_TODAY: IsoDate;
let BUSINESS_DATE: IsoDate;
beforeAll(async () => {
  app = await classicApp();
  await app.ctx.repos.loanBook.setBusinessDateOverride(null, null, app.ctx.now());
  REAL_TODAY = utcDay(app.ctx.now());
  BUSINESS_DATE = addDays(REAL_TODAY, 30);
  // Staff move the business date a month ahead (as the back office's POST /servicing/business_date, without the daily run).
  await app.ctx.repos.loanBook.setBusinessDateOverride(BUSINESS_DATE, null, app.ctx.now());
});
afterAll(async () => {
  await app.ctx.repos.loanBook.setBusinessDateOverride(null, null, app.ctx.now()); // other files of this worker read the real date
  await app.close();
});

const postStep = (token: string, payload: Record<string, unknown>) => newflowSteps(app).post(token, payload);

async function step(token: string, payload: Record<string, unknown>, expected: string): Promise<void> {
  const res = await postStep(token, payload);
  expect(res.statusCode, res.body).toBeLessThan(300);
  expect(res.json<{ new_status: string }>().new_status).toBe(expected);
}

/** A new-flow applicant walked (auto-debit, manual employment and bank) to loan_offer. */
async function atLoanOffer(): Promise<{ id: number; token: string; email: string }> {
  const who = await confirmedApplicant(app, { emailPrefix: 'nf-clock', fingerprint: 'fp-nf-clock' });
  const steps = newflowSteps(app);
  await walkToRateCheck(steps, who.token, { manualEmployment: true });
  await steps.advance(who.token, { workflow_status_key: 'rate_check' }, 'select_program');
  await steps.advance(who.token, { workflow_status_key: 'select_program', hasSelectedSplitDirectDeposit: false }, 'verify_bank_account');
  await manualBank(steps, who.token, { accountType: 'Checking', accountNumber: '12345678' });
  // The proof of address is not a money date: its 45 days still count on the real calendar.
  await documentsToLoanOffer(steps, who.token, REAL_TODAY);
  return who;
}

/** The dates every money figure must start from: disbursement the business day after the BUSINESS date. */
const datedOn = (today: IsoDate, frequency: Frequency) => {
  const disbursementDate = nextBusinessDay(today);
  return { disbursementDate, firstPaymentDate: firstPaymentDate(frequency, disbursementDate, null) };
};

function engineFigures(offer: TLoanOffer, feeFinanced: boolean, today: IsoDate) {
  const frequency = offer.term_frequency as Frequency;
  return quoteLoan({
    amountCents: offer.amount as never,
    originationFeeCents: offer.fee_amount as never,
    feeFinanced,
    annualRatePercent: offer.interest_rate,
    frequency,
    numberOfPayments: offer.terms,
    ...datedOn(today, frequency),
  });
}

describe('new flow on a moved business clock', () => {
  it('the business clock is a month ahead of the real calendar', async () => {
    expect(await businessToday(app.ctx)).toBe(BUSINESS_DATE);
    const staff = await staffToken(app, 'servicer@payrail.test');
    const clock = await call(app, { url: '/api/backoffice/servicing/business_date', headers: auth(staff) });
    expect(clock.statusCode, clock.body).toBe(200);
    expect(clock.json()).toMatchObject({ business_date: BUSINESS_DATE, real_date: REAL_TODAY, override_date: BUSINESS_DATE });
  });

  it('offers, stored terms, the note and the funded loan are dated from the business date: the loan is not born past due', async () => {
    const who = await atLoanOffer();

    // loan_offer: the figures are the engine's for a loan disbursed after the BUSINESS date (the APR and
    // the payment depend on the days to the first payment, so real-calendar dating would show here).
    const data = (await newflowSteps(app).get(who.token, 'loan_offer')).json<{ data: { auto_debit: TLoanOffer[]; one_times: TLoanOffer[] } }>().data;
    expect(data.auto_debit.length).toBeGreaterThan(0);
    const program = (await app.ctx.repos.loanTerms.programInForce('split_direct_deposit', BUSINESS_DATE))!;
    const feeFinanced = (o: TLoanOffer) => program.entries.some((e) => e.termMonths === o.terms_in_months && e.feeFinanced);
    for (const o of [...data.auto_debit, ...data.one_times]) {
      const { schedule, disclosure } = engineFigures(o, feeFinanced(o), BUSINESS_DATE);
      expect({ payment: o.fixed_payment_amount, apr: o.apr, finance_charge: o.finance_charge, total: o.total_of_payments }).toEqual({
        payment: schedule.regularPaymentCents,
        apr: disclosure.aprPercent,
        finance_charge: disclosure.financeChargeCents,
        total: disclosure.totalOfPaymentsCents,
      });
    }

    // Accepting an offer (one repaid by one-time payments online) stores terms dated from the business date.
    expect(data.one_times.length).toBeGreaterThan(0);
    const offer = data.one_times[0]!;
    const frequency = offer.term_frequency as Frequency;
    const expected = datedOn(BUSINESS_DATE, frequency);
    expect(expected.disbursementDate > BUSINESS_DATE).toBe(true);
    await step(
      who.token,
      { workflow_status_key: 'loan_offer', isAutodebit: true, payment: offer.fixed_payment_amount, amount: offer.amount, terms: offer.terms },
      'password_creation',
    );
    const stored = (await app.ctx.repos.application.activeApplication(who.id))!;
    expect({ disbursementDate: stored.disbursementDate, firstPaymentDate: stored.firstPaymentDate }).toEqual(expected);
    expect(stored.firstPaymentDate! > BUSINESS_DATE).toBe(true);

    // Password, phone, review, approval: the same steps as any new-flow applicant.
    await step(who.token, { workflow_status_key: 'password_creation', loan_borrower: { password: PASSWORD, password_confirm: PASSWORD } }, 'phone_validation');
    const number = uniquePhone();
    const sent = await postStep(who.token, { workflow_status_key: 'phone_validation', phone: { number } });
    expect(sent.statusCode, sent.body).toBe(201);
    await step(who.token, { workflow_status_key: 'phone_validation', phone: { number, code: await latestPhoneCode(app, number) } }, 'application_submitted');
    const underwriter = await staffToken(app, 'underwriter@payrail.test');
    const approved = await call(app, { method: 'POST', url: `/api/backoffice/applications/${who.id}/approve`, headers: auth(underwriter) });
    expect(approved.statusCode, approved.body).toBe(200);
    await step(who.token, { workflow_status_key: 'approved' }, 'esignature_needed');

    // E-signature shows the stored terms; its fallback quote (no terms on the row) is business-dated too.
    const esign = async () => {
      const res = await call(app, { url: '/api/esignature', headers: auth(who.token) });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<{ loan_terms: TEsignLoanTerms }>().loan_terms;
    };
    expect(await esign()).toMatchObject({ source: 'application', disbursement_date: expected.disbursementDate, first_payment_date: expected.firstPaymentDate });
    await app.ctx.repos.application.updateApplication(stored.id, { disbursementDate: null, firstPaymentDate: null }, app.ctx.now());
    const fallback = await esign();
    expect(fallback.source).toBe('pricing_program');
    expect(fallback.disbursement_date).toBe(expected.disbursementDate);
    expect(fallback.first_payment_date > BUSINESS_DATE).toBe(true);
    expect(fallback.schedule.every((r) => r.due_date > BUSINESS_DATE)).toBe(true);
    await app.ctx.repos.application.updateApplication(
      stored.id,
      { disbursementDate: stored.disbursementDate, firstPaymentDate: stored.firstPaymentDate },
      app.ctx.now(),
    );

    const signed = await call(app, { method: 'POST', url: '/api/esignature/sign', headers: auth(who.token), payload: { signature_name: 'Ana Cruz' } });
    expect(signed.statusCode, signed.body).toBe(200);
    const note = (await app.ctx.repos.esignature.latest(who.id))!;
    expect({ disbursementDate: note.figures.disbursement_date, firstPaymentDate: note.figures.first_payment_date }).toEqual(expected);

    // Funded: the loan starts after the business date, every installment is upcoming, nothing is past due.
    const servicer = await staffToken(app, 'servicer@payrail.test');
    const funded = await call(app, {
      method: 'POST',
      url: `/api/backoffice/applications/${who.id}/fund`,
      headers: { ...auth(servicer), 'idempotency-key': `newflow-clock-fund-${who.id}` },
    });
    expect(funded.statusCode, funded.body).toBe(200);
    const loan = funded.json<TFundResponse>().loan;
    expect({ disbursementDate: loan.disbursement_date, firstPaymentDate: loan.first_payment_date }).toEqual(expected);
    const servicing = await call(app, { url: `/api/backoffice/loans/${loan.id}/servicing`, headers: auth(servicer) });
    expect(servicing.statusCode, servicing.body).toBe(200);
    const page = servicing.json<TLoanServicingResponse>();
    expect(page).toMatchObject({ business_date: BUSINESS_DATE, days_past_due: 0, loan: { status: 'opened' } });
    expect(page.schedule.length).toBeGreaterThan(0);
    expect(page.schedule.every((r) => r.state === 'upcoming' && r.due_date > BUSINESS_DATE)).toBe(true);
  });
});
