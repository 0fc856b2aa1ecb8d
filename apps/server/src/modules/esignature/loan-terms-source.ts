import { nextBusinessDay } from '@payrail/domain/calendar';
import { parseIsoDate, utcDay } from '@payrail/domain/dates';
import { feeFor, type FeeLabel, feeLabel } from '@payrail/domain/loan/fees';
import { firstPaymentDate } from '@payrail/domain/loan/first-payment-date';
import { type Frequency, paymentsInTerm } from '@payrail/domain/loan/frequency';
import type { LoanTerms } from '@payrail/domain/loan/schedule';
import { cents } from '@payrail/domain/money';
import type { AppContext } from '../../context';
import type { ApplicationRow } from '../application/repository';

/** The loan a member is about to sign: the engine's terms and where they came from. */
export type ChosenLoan = { terms: LoanTerms; feeLabel: FeeLabel; source: 'application' | 'pricing_defaults'; paymentMethod?: ApplicationRow['paymentMethod'] };

/**
 * Where the e-signature (and the allotment amount) read the member's chosen loan terms: the member's
 * active application row (`applications`, written by the loan-terms step) when it holds a complete set
 * of terms; otherwise the pricing defaults below, priced for the employer's pay frequency, so the page
 * and the note still show real engine figures (the answer says which: `source`).
 */
export interface LoanTermsSource {
  chosenLoan(ctx: AppContext, userId: number): Promise<ChosenLoan>;
}

/** Pricing defaults used while no application row holds the member's terms. */
export const DEFAULT_LOAN_PRICING = {
  amountCents: 150_000,
  annualRatePercent: '24.99',
  originationFee: { percentOfAmount: '5' },
  feeFinanced: true,
  termMonths: 12,
  frequency: 'biweekly' as Frequency,
} as const;

/** The terms stored on the application row, or null while the loan-terms step has not filled them in. */
export function termsFromApplication(a: ApplicationRow): ChosenLoan | null {
  const { amountCents, feeAmountCents, feeFinanced, interestRate, termFrequency, numberOfPayments, disbursementDate, firstPaymentDate } = a;
  if (amountCents === null || feeAmountCents === null || feeFinanced === null || interestRate === null || termFrequency === null) return null;
  if (numberOfPayments === null || disbursementDate === null || firstPaymentDate === null) return null;
  return {
    terms: {
      amountCents: cents(amountCents),
      originationFeeCents: cents(feeAmountCents),
      feeFinanced,
      annualRatePercent: interestRate,
      frequency: termFrequency,
      numberOfPayments,
      disbursementDate: parseIsoDate(disbursementDate),
      firstPaymentDate: parseIsoDate(firstPaymentDate),
    },
    feeLabel: a.feeLabel === 'document preparation fee' ? 'document preparation fee' : feeLabel(feeAmountCents, 0),
    source: 'application',
    paymentMethod: a.paymentMethod,
  };
}

export const defaultLoanTermsSource: LoanTermsSource = {
  async chosenLoan(ctx, userId) {
    const application = await ctx.repos.application.activeApplication(userId);
    const chosen = application ? termsFromApplication(application) : null;
    if (chosen) return chosen;
    const borrower = await ctx.repos.identity.findBorrower(userId);
    const employer = borrower?.employerId ? await ctx.repos.reference.getEmployer(borrower.employerId) : undefined;
    const p = DEFAULT_LOAN_PRICING;
    const frequency = employer?.payFrequency ?? p.frequency;
    // Money goes out on the next business day after today (UTC); the first payment by the one first-payday rule.
    const disbursementDate = nextBusinessDay(utcDay(ctx.now()));
    const fee = feeFor(p.originationFee, p.amountCents);
    return {
      terms: {
        amountCents: cents(p.amountCents),
        originationFeeCents: fee,
        feeFinanced: p.feeFinanced,
        annualRatePercent: p.annualRatePercent,
        frequency,
        numberOfPayments: paymentsInTerm(frequency, p.termMonths),
        disbursementDate,
        firstPaymentDate: firstPaymentDate(frequency, disbursementDate),
      },
      feeLabel: feeLabel(fee, 0),
      source: 'pricing_defaults',
    };
  },
};
