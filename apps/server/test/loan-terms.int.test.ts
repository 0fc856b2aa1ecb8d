import { APPLICATION_MSG, type TLoanTerms } from '@payrail/contract/application';
import { FIELD_MSG, MSG } from '@payrail/contract/messages';
import { nextBusinessDay } from '@payrail/domain/calendar';
import { parseIsoDate, type IsoDate } from '@payrail/domain/dates';
import { formatAprForDisclosure } from '@payrail/domain/loan/apr';
import { quoteLoan } from '@payrail/domain/loan/disclosure';
import { priceOffers } from '@payrail/domain/loan/pricing';
import { cents } from '@payrail/domain/money';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agreementDocuments, applications, pricingPrograms, userAgreements } from '../src/db/schema/index';
import { toPricingProgram } from '../src/modules/loan-terms/pricing-program';
import { borrowerAtEmployer, borrowerAtLoanTerms, classicApp, forceStatus, get, next } from './application-helpers';
import type { TestApp } from './test-app';

let app: TestApp;
beforeAll(async () => {
  app = await classicApp();
});
afterAll(() => app.close());

const loan = (token: string, amount?: number) => get(app, token, `/api/loan${amount === undefined ? '' : `?amount=${amount}`}`);
const activeApplication = async (userId: number) =>
  (
    await app.ctx.database.db
      .select()
      .from(applications)
      .where(and(eq(applications.userId, userId), isNull(applications.closedAt)))
  )[0]!;

describe('GET /api/loan', () => {
  it('prices the largest amount by default from the stored federal-allotment program, split direct deposit discounted', async () => {
    const { token, id } = await borrowerAtLoanTerms(app);
    const res = await loan(token);
    expect(res.statusCode).toBe(200);
    const terms = res.json<TLoanTerms>();
    // $60,000 a year: 20 % is $12,000, above the federal cap of $10,000; options $500..$10,000 by $250.
    expect(terms.amount_options[0]).toBe(500_00);
    expect(terms.amount_options.at(-1)).toBe(10_000_00);
    expect(terms.amount_options).toHaveLength(39);
    expect(terms).toMatchObject({
      amount: 10_000_00,
      interest_rate: '21.591', // 23.99 % less the 10 % split-direct-deposit discount
      terms_in_months: 24,
      terms: 52,
      term_frequency: 'biweekly',
      fee_amount: 150_00, // 1.5 % capped at $150
      fee_label: 'origination fee',
      fee_not_financed: false,
      payment_method: 'split_direct_deposit',
      // Tuesday 2026-12-01: the money goes out the next business day; the first Friday payday at least 10 days later.
      disbursement_date: '2026-12-02',
      first_payment_date: '2026-12-18',
      negotiated_amount: null,
      change_message: null,
      payoff_amount: null,
    });
    expect(terms.apr).toMatch(/^\d{2}\.\d{2}$/);

    // The same numbers as the loan engine priced from the rows in pricing_programs / pricing_rate_entries.
    const stored = (await app.ctx.repos.loanTerms.programInForce('federal_allotment', parseIsoDate('2026-12-01')))!;
    const priced = priceOffers({
      program: toPricingProgram(stored.program, stored.entries),
      state: 'AL',
      amountCents: cents(10_000_00),
      frequency: 'biweekly',
      disbursementDate: '2026-12-02' as IsoDate,
      firstPaymentDate: '2026-12-18' as IsoDate,
    });
    const offer = priced.offers.split_direct_deposit[0]!;
    expect(terms.payment_per_term).toBe(offer.fixed_payment_amount);
    expect(terms.apr).toBe(formatAprForDisclosure(offer.apr));
    const q = quoteLoan({
      amountCents: offer.amount,
      originationFeeCents: offer.fee_amount,
      feeFinanced: true,
      annualRatePercent: '21.591',
      frequency: 'biweekly',
      numberOfPayments: 52,
      disbursementDate: '2026-12-02' as IsoDate,
      firstPaymentDate: '2026-12-18' as IsoDate,
    });
    expect(terms).toMatchObject({
      total_of_payments: q.disclosure.totalOfPaymentsCents,
      finance_charge: q.disclosure.financeChargeCents,
      amount_financed: 10_000_00,
      final_payment: q.schedule.finalPaymentCents,
    });

    // The choice is stored on the member's one active application.
    expect(await activeApplication(id)).toMatchObject({
      pricingProgramCode: 'federal-allotment-2026-11',
      amountCents: 10_000_00,
      interestRate: '21.591',
      numberOfPayments: 52,
      paymentPerTermCents: offer.fixed_payment_amount,
      firstPaymentDate: '2026-12-18',
      lastPaymentDate: q.schedule.dueDates.at(-1),
    });
  });

  it('prices the amount asked for and refuses one that is not an option', async () => {
    const { token } = await borrowerAtLoanTerms(app);
    const small = (await loan(token, 1_000_00)).json<TLoanTerms>();
    expect(small).toMatchObject({ amount: 1_000_00, interest_rate: '26.991', terms_in_months: 6, terms: 13, fee_amount: 0 });
    const bad = await loan(token, 1_000_01);
    expect(bad.statusCode).toBe(422);
    expect(bad.json()).toEqual({ errors: { amount: [FIELD_MSG.notIncluded] } });
    // The stored choice stays the answer when no amount is asked for.
    expect((await loan(token)).json<TLoanTerms>().amount).toBe(1_000_00);
  });

  it('caps the amounts at what the income supports', async () => {
    const { token } = await borrowerAtLoanTerms(app, { overrides: { annual_income: '10,000' } });
    const terms = (await loan(token)).json<TLoanTerms>();
    expect(terms.amount_options.at(-1)).toBe(2_000_00);
    expect(terms.amount).toBe(2_000_00);
  });

  it('labels a partner fee withheld from the proceeds as a document preparation fee', async () => {
    const { token } = await borrowerAtLoanTerms(app, { employer: 'partner' });
    const terms = (await loan(token, 2_000_00)).json<TLoanTerms>();
    expect(terms).toMatchObject({
      fee_label: 'document preparation fee',
      fee_amount: 25_00,
      fee_not_financed: true,
      interest_rate: '19.5415',
      amount_financed: 1_975_00,
    });
  });

  it('is refused before the loan-terms step, and answers the stored terms on later pages', async () => {
    const early = await borrowerAtEmployer(app);
    const refused = await loan(early.token);
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toEqual({ error: APPLICATION_MSG.stepNotAvailable('employer'), current_status: 'employer' });

    const { token } = await borrowerAtLoanTerms(app);
    const chosen = (await loan(token, 3_000_00)).json<TLoanTerms>();
    expect((await next(app, token, 'loan_terms')).json()).toMatchObject({ new_status: 'bank_link' });
    expect((await loan(token)).json()).toEqual({ ...chosen, amount_options: [] });
    expect((await loan(token, 1_000_00)).json()).toEqual({ error: APPLICATION_MSG.stepNotAvailable('bank_link'), current_status: 'bank_link' });
  });

  it('keeps the rates in the database: a program not in force yet does not price', async () => {
    const rows = await app.ctx.database.db.select().from(pricingPrograms);
    expect(rows.map((r) => [r.code, r.lendingProgram, r.splitDiscountPercent]).sort()).toEqual(
      expect.arrayContaining([
        ['federal-allotment-2026-11', 'federal_allotment', '10'],
        ['partner-employer-2026-11', 'b2b_partner', '15'],
        ['split-direct-deposit-2026-11', 'split_direct_deposit', '5'],
      ]),
    );
    expect(await app.ctx.repos.loanTerms.programInForce('federal_allotment', parseIsoDate('2026-10-31'))).toBeUndefined();
    expect(nextBusinessDay('2026-12-24' as IsoDate)).toBe('2026-12-28');
  });
});

describe('GET /api/associate_terms_consent', () => {
  it("records the consent with time and address, and the state's loan-eligibility consent document", async () => {
    const { token, id } = await borrowerAtLoanTerms(app);
    expect((await get(app, token, '/api/associate_terms_consent')).json()).toEqual({ error: APPLICATION_MSG.termsNotChosen });
    await loan(token, 2_500_00);
    const res = await get(app, token, '/api/associate_terms_consent');
    expect(res.statusCode).toBe(200);
    expect(res.json<{ ok: boolean; consented_at: string }>()).toMatchObject({ ok: true });
    const application = await activeApplication(id);
    expect(application.termsConsentAt).toBeInstanceOf(Date);
    expect(application.termsConsentIp).toMatch(/^10\./);
    const accepted = await app.ctx.database.db
      .select({ name: agreementDocuments.name })
      .from(userAgreements)
      .innerJoin(agreementDocuments, eq(agreementDocuments.id, userAgreements.agreementDocumentId))
      .where(eq(userAgreements.userId, id));
    expect(accepted.map((a) => a.name)).toContain('consent_for_loan_eligibility');

    // New terms need the consent again.
    await loan(token, 2_750_00);
    expect((await activeApplication(id)).termsConsentAt).toBeNull();
  });
});

describe('GET /api/payment_change', () => {
  it('answers whether the payroll repayment is in place (not yet for a new application)', async () => {
    const { token } = await borrowerAtLoanTerms(app);
    expect((await get(app, token, '/api/payment_change')).json()).toEqual({ ok: true, payment_change: false });
    const early = await borrowerAtEmployer(app);
    expect((await get(app, early.token, '/api/payment_change')).statusCode).toBe(422);
  });
});

describe('a counteroffer (loan_amount_changed)', () => {
  it('offers amounts up to the negotiated one with the change message', async () => {
    const { token, id } = await borrowerAtLoanTerms(app);
    await loan(token, 5_000_00);
    const application = await activeApplication(id);
    await app.ctx.repos.application.updateApplication(application.id, { negotiatedAmountCents: cents(3_000_00) }, new Date());
    await forceStatus(app, id, 'loan_amount_changed');
    const terms = (await loan(token)).json<TLoanTerms>();
    expect(terms.amount_options.at(-1)).toBe(3_000_00);
    expect(terms).toMatchObject({
      amount: 3_000_00,
      negotiated_amount: 3_000_00,
      change_message: 'We can offer you up to $3,000.00. Please review your new loan terms.',
    });
    expect((await next(app, token, 'loan_amount_changed')).json()).toMatchObject({ new_status: 'ready_for_review' });
    expect(MSG.paymentChangeFailed).toBe('Fail to confirm allotment requirements. Try again reloading the page');
  });
});

describe('the e-signature terms while the row holds none', () => {
  it('are the loan-terms quote of the program in force (source pricing_program), not stored', async () => {
    const { token, id } = await borrowerAtLoanTerms(app);
    await forceStatus(app, id, 'esignature_needed');
    // No application row at all: nothing to price.
    expect((await get(app, token, '/api/esignature')).json()).toEqual({ error: APPLICATION_MSG.termsNotChosen });
    // A row without terms (as a reviewer's move opens one).
    await app.ctx.repos.application.ensureActiveApplication(id, app.ctx.now());
    expect((await activeApplication(id)).amountCents).toBeNull();
    const res = await get(app, token, '/api/esignature');
    expect(res.statusCode, res.body).toBe(200);
    const t = res.json().loan_terms;
    // The same default quote GET /api/loan prices (largest amount, split direct deposit) for this member.
    expect(t).toMatchObject({
      source: 'pricing_program',
      amount_cents: 10_000_00,
      interest_rate: '21.591',
      fee_cents: 150_00,
      number_of_payments: 52,
      term_frequency: 'biweekly',
      disbursement_date: '2026-12-02',
      first_payment_date: '2026-12-18',
    });
    expect((await activeApplication(id)).amountCents).toBeNull();
  });
});
