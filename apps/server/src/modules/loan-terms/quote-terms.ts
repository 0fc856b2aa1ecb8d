import { APPLICATION_MSG, type TLoanTerms } from '@payrail/contract/application';
import { FIELD_MSG } from '@payrail/contract/messages';
import { nextBusinessDay } from '@payrail/domain/calendar';
import { formatAprForDisclosure } from '@payrail/domain/loan/apr';
import type { Frequency } from '@payrail/domain/loan/frequency';
import { amountOptions, priceOffers } from '@payrail/domain/loan/pricing';
import { type Cents, cents, formatUsd } from '@payrail/domain/money';
import { maxAmountCents } from '@payrail/domain/underwriting/max-amount';
import { ruleSetFor } from '@payrail/domain/underwriting/rule-sets';
import type { AppContext } from '../../context';
import { employerRequestOf } from '../employment/employers';
import { AppError } from '../../errors';
import type { ApplicationPatch, ApplicationRow } from '../application/repository';
import { employerOf, employerProgramOf } from '../employment/employer-program';
import { acceptedOfferTerms } from './accepted-offer';
import { firstPaymentDate } from '@payrail/domain/loan/first-payment-date';
import { businessToday } from '../../lib/business-clock';
import { toPricingProgram } from './pricing-program';
import { findBorrower } from '../identity/members';
import { findState } from '../reference/reference-data';
import { findProfile } from '../application/applications';

/** How a loan is repaid, as priced: split direct deposit (discounted), auto-debit, or one-time payments online. */
export type PricedMethod = 'split_direct_deposit' | 'auto_debit' | 'one_times';

/** Before the borrower chooses how to repay, the terms show the payroll price (auto-debit when no split rate applies). */
const defaultMethod = (offers: { split_direct_deposit: readonly unknown[] }): PricedMethod =>
  offers.split_direct_deposit.length > 0 ? 'split_direct_deposit' : 'auto_debit';

const noAmount = () => new AppError('validation', APPLICATION_MSG.noAmountAvailable);

/** The counteroffer text of the loan-terms page when a reviewer lowered the amount. */
export const changeMessage = (negotiated: number | null): string | null =>
  negotiated === null ? null : `We can offer you up to ${formatUsd(cents(negotiated))}. Please review your new loan terms.`;

/**
 * Prices the member's loan from the stored pricing program of their employer's lending program:
 * the amount options (capped by the underwriting maximum for their income and by a counteroffer), the
 * offer for the chosen amount and repay method (`chosenMethod`; until the borrower chooses: split direct
 * deposit, the payroll repayment, or auto-debit when no split rate applies), its schedule summary and
 * disclosures. Today is the business date (`businessToday`, the one clock of every date of money) for
 * every flow; the money goes out the next business day and the first payment is the first payday after a reasonable first period.
 */
export async function quoteTerms(
  ctx: AppContext,
  userId: number,
  application: ApplicationRow,
  requested: number | undefined,
  chosenMethod?: PricedMethod,
): Promise<{ terms: TLoanTerms; patch: ApplicationPatch }> {
  const [profile, borrower] = await Promise.all([findProfile(ctx, userId), findBorrower(ctx, userId)]);
  const employer = await employerOf(ctx, borrower);
  const program = employerProgramOf(profile, employer);
  if (!employer || program === null || program === 'not_eligible') throw noAmount();
  const lending = program === 'pending_review' ? 'split_direct_deposit' : program;
  // A refinance is dated on the servicing business date, the calendar its payoff is quoted on; so is a
  // new-flow application (its offers are, docs/newflow.md). The classic flow keeps the real calendar day.
  const refinancing =
    application.loanType === 'refinancing' && application.refinancesLoanId !== null
      ? await ctx.hooks.loanTerms.bookLoan(ctx, application.refinancesLoanId)
      : undefined;
  const today = await businessToday(ctx);
  const [stored, state, request] = await Promise.all([
    ctx.repos.loanTerms.programInForce(lending, today),
    borrower?.stateId ? findState(ctx, String(borrower.stateId)) : undefined,
    employer.isOther ? employerRequestOf(ctx, employer.id) : undefined,
  ]);
  if (!stored || !state) throw noAmount();

  const frequency: Frequency = request?.paymentFrequency ?? employer.payFrequency;
  const disbursementDate = nextBusinessDay(today);
  const first = firstPaymentDate(frequency, disbursementDate, request?.lastPaycheckDate ?? null);
  const pricing = toPricingProgram(stored.program, stored.entries);

  const ruleSet = ruleSetFor(today);
  const incomeCap =
    profile?.annualIncomeCents != null ? maxAmountCents(cents(profile.annualIncomeCents), program, ruleSet.maxAmount) : Number.POSITIVE_INFINITY;
  const cap = Math.min(incomeCap, application.negotiatedAmountCents ?? Number.POSITIVE_INFINITY);
  let options = amountOptions(pricing, state.abbreviation, frequency).filter((a) => a <= cap);
  // Refinance (classic §9): options are amount − payoff − fee not financed, so only amounts that pay the
  // old loan off on the disbursement date and leave the borrower something are offered.
  let payoffCents: number | null = null;
  if (refinancing) {
    payoffCents = await ctx.hooks.loanTerms.loanPayoff(ctx, refinancing, disbursementDate);
    const payoff = payoffCents;
    options = options.filter((a) => {
      const { offers } = priceOffers({ program: pricing, state: state.abbreviation, amountCents: a, frequency, disbursementDate, firstPaymentDate: first });
      const o = offers[chosenMethod ?? application.paymentMethod ?? defaultMethod(offers)][0];
      return o !== undefined && a - payoff - (o.fee_financed ? 0 : o.fee_amount) > 0;
    });
  }
  if (options.length === 0) throw noAmount();

  const previous = application.amountCents !== null && options.includes(application.amountCents) ? application.amountCents : null;
  const amount = requested ?? previous ?? options[options.length - 1]!;
  if (!options.includes(amount as Cents)) throw AppError.fields({ amount: [FIELD_MSG.notIncluded] });

  const { offers } = priceOffers({
    program: pricing,
    state: state.abbreviation,
    amountCents: cents(amount),
    frequency,
    disbursementDate,
    firstPaymentDate: first,
  });
  const method = chosenMethod ?? (refinancing ? application.paymentMethod : null) ?? defaultMethod(offers);
  const offer = offers[method][0];
  if (!offer) throw noAmount();
  const changed = application.amountCents !== offer.amount || application.interestRate !== offer.interest_rate || application.termFrequency !== frequency;
  const patch: ApplicationPatch = {
    ...acceptedOfferTerms({ programCode: stored.program.code, method, offer, frequency, disbursementDate, firstPaymentDate: first }).patch,
    // Consent covers the terms it was given for: new terms need it again.
    ...(changed ? { termsConsentAt: null, termsConsentIp: null, termsConsentUserAgent: null } : {}),
  };
  return { terms: { ...toLoanTerms({ ...application, ...patch } as ApplicationRow, options), payoff_amount: payoffCents }, patch };
}

/** The stored terms of an application on the wire; `options` empty where the amount cannot change. */
export function toLoanTerms(a: ApplicationRow, options: readonly number[]): TLoanTerms {
  if (a.amountCents === null || a.interestRate === null || a.aprPercent === null || a.termFrequency === null)
    throw new AppError('validation', APPLICATION_MSG.termsNotChosen);
  return {
    interest_rate: a.interestRate,
    amount: a.amountCents,
    fee_amount: a.feeAmountCents ?? 0,
    fee_not_financed: a.feeFinanced === false,
    terms: a.numberOfPayments ?? 0,
    payment_per_term: a.paymentPerTermCents ?? 0,
    apr: formatAprForDisclosure(a.aprPercent),
    term_frequency: a.termFrequency,
    disbursement_date: a.disbursementDate ?? '',
    first_payment_date: a.firstPaymentDate ?? '',
    negotiated_amount: a.negotiatedAmountCents,
    terms_in_months: a.termsInMonths ?? 0,
    amount_options: [...options],
    change_message: changeMessage(a.negotiatedAmountCents),
    payoff_amount: null,
    fee_label: a.feeLabel ?? 'origination fee',
    payment_method: a.paymentMethod ?? 'split_direct_deposit',
    final_payment: a.finalPaymentCents ?? 0,
    total_of_payments: a.totalOfPaymentsCents ?? 0,
    finance_charge: a.financeChargeCents ?? 0,
    amount_financed: a.amountFinancedCents ?? 0,
  };
}
