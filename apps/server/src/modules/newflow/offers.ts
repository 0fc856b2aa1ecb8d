import type { TLoanOffer } from '@payrail/contract/newflow';
import { nextBusinessDay } from '@payrail/domain/calendar';
import type { Frequency } from '@payrail/domain/loan/frequency';
import { amountOptions, priceOffers, type Offer } from '@payrail/domain/loan/pricing';
import { cents, type Cents } from '@payrail/domain/money';
import type { AppContext } from '../../context';
import type { ApplicationPatch } from '../application/repository';
import { employerOf, employerProgramOf } from '../employment/employer-program';
import { acceptedOfferTerms } from '../loan-terms/accepted-offer';
import { firstPaymentDate } from '@payrail/domain/loan/first-payment-date';
import { toPricingProgram } from '../loan-terms/pricing-program';
import { findBorrower } from '../identity/members';
import { findProfile } from '../application/applications';
import { findState } from '../reference/reference-data';
import { pricingProgramInForce } from '../loan-terms/program-in-force';
import { businessToday } from '../../lib/business-clock';
import type { NewflowRow } from './repository';

const FREQUENCY_BY_NEWFLOW: Readonly<Record<string, Frequency>> = { weekly: 'weekly', 'bi-weekly': 'biweekly', monthly: 'monthly' };

export type PricedOffer = { wire: TLoanOffer; method: 'split_direct_deposit' | 'auto_debit' | 'one_times'; patch: ApplicationPatch };

export type OfferSheet = { split_direct_deposit: PricedOffer[]; auto_debit: PricedOffer[]; one_times: PricedOffer[]; discountPercentage: number };

/**
 * The loan offers of a new-flow application (spec §3 Loan offer) from the loan engine: the employer's
 * pricing program in force, the borrower's state and pay frequency, the largest amount option not above
 * what the rate check approved (and the amount asked), priced by `priceOffers` for every repayment
 * method; each offer's APR, finance charge and total of payments come from `quoteLoan` (the Reg Z
 * disclosure), and each carries the application patch that accepting it stores (what e-signature and
 * funding read). Empty lists when nothing can be priced. Dated on the business date (`businessToday`,
 * the servicing calendar the loan is serviced on): the program in force, the disbursement the next
 * business day, the first payment after it.
 */
export async function priceNewflowOffers(ctx: AppContext, userId: number, nf: NewflowRow): Promise<OfferSheet> {
  const empty: OfferSheet = { split_direct_deposit: [], auto_debit: [], one_times: [], discountPercentage: 0 };
  const [profile, borrower] = await Promise.all([findProfile(ctx, userId), findBorrower(ctx, userId)]);
  const employer = await employerOf(ctx, borrower);
  const program = employerProgramOf(profile, employer);
  if (!employer || program === null || program === 'not_eligible') return empty;
  const lending = program === 'pending_review' ? 'split_direct_deposit' : program;
  const today = await businessToday(ctx);
  const [stored, state] = await Promise.all([
    pricingProgramInForce(ctx, lending, today),
    borrower?.stateId ? findState(ctx, String(borrower.stateId)) : undefined,
  ]);
  if (!stored || !state) return empty;
  const frequency: Frequency = FREQUENCY_BY_NEWFLOW[nf.paymentFrequency ?? ''] ?? employer.payFrequency;
  const disbursementDate = nextBusinessDay(today);
  const first = firstPaymentDate(frequency, disbursementDate, null);
  const pricing = toPricingProgram(stored.program, stored.entries);
  const cap = Math.min(nf.rateCheckApprovedCents ?? Number.POSITIVE_INFINITY, nf.loanAmountCents ?? Number.POSITIVE_INFINITY);
  const options = amountOptions(pricing, state.abbreviation, frequency).filter((a) => a <= cap);
  const amount = options[options.length - 1];
  if (amount === undefined) return empty;
  const { offers } = priceOffers({ program: pricing, state: state.abbreviation, amountCents: amount, frequency, disbursementDate, firstPaymentDate: first });
  const priced = (method: PricedOffer['method'], o: Offer): PricedOffer => {
    const { disclosure, patch } = acceptedOfferTerms({
      programCode: stored.program.code,
      method,
      offer: o,
      frequency,
      disbursementDate,
      firstPaymentDate: first,
    });
    return {
      method,
      wire: {
        fixed_payment_amount: patch.paymentPerTermCents,
        term_frequency: frequency,
        terms_in_months: o.terms_in_months,
        terms: o.number_of_payments,
        interest_rate: o.interest_rate,
        apr: disclosure.aprPercent,
        fee_amount: o.fee_amount,
        amount: o.amount,
        finance_charge: disclosure.financeChargeCents,
        total_of_payments: disclosure.totalOfPaymentsCents,
        special: o.special,
      },
      patch,
    };
  };
  return {
    split_direct_deposit: offers.split_direct_deposit.map((o) => priced('split_direct_deposit', o)),
    auto_debit: offers.auto_debit.map((o) => priced('auto_debit', o)),
    one_times: offers.one_times.map((o) => priced('one_times', o)),
    discountPercentage: Number(stored.program.splitDiscountPercent),
  };
}

/**
 * The split the automatic set-up asks the payroll provider for: the loan payment per paycheck. The
 * applicant picks the offer later (loan_offer comes after the bank and documents), so the split covers
 * the largest split-deposit payment offered; loan_offer then offers only split-deposit offers whose
 * payment the split in place covers. Null when no split-deposit offer can be priced.
 */
export function splitPaymentCents(sheet: OfferSheet): Cents | null {
  const payments = sheet.split_direct_deposit.map((o) => o.wire.fixed_payment_amount);
  return payments.length > 0 ? cents(Math.max(...payments)) : null;
}

/** The split-deposit offers an applicant may take: all for a manual split; for an automatic one those whose payment the split covers. */
export function splitOffersCovered(sheet: OfferSheet, nf: Pick<NewflowRow, 'allocationStatus' | 'allocationAmountCents'>): PricedOffer[] {
  if (nf.allocationStatus !== 'set') return sheet.split_direct_deposit;
  const covered = nf.allocationAmountCents ?? 0;
  return sheet.split_direct_deposit.filter((o) => o.wire.fixed_payment_amount <= covered);
}
