import { APPLICATION_MSG } from '@payrail/contract/application';
import { parseIsoDate } from '@payrail/domain/dates';
import { type FeeLabel, feeLabel } from '@payrail/domain/loan/fees';
import type { LoanTerms } from '@payrail/domain/loan/schedule';
import { cents } from '@payrail/domain/money';
import type { AppContext } from '../../context';
import { AppError } from '../../errors';
import type { ApplicationPatch, ApplicationRow } from '../application/repository';
import { quoteTerms } from '../loan-terms/quote-terms';
import { activeApplication } from '../application/applications';

const notChosen = () => new AppError('validation', APPLICATION_MSG.termsNotChosen);

/** The loan a member is about to sign: the engine's terms and where they came from. */
export type ChosenLoan = { terms: LoanTerms; feeLabel: FeeLabel; source: 'application' | 'pricing_program'; paymentMethod?: ApplicationRow['paymentMethod'] };

/**
 * Where the e-signature (and the allotment amount) read the member's chosen loan terms: the member's
 * active application row (`applications`, written by the loan-terms step) when it holds a complete set
 * of terms; otherwise the loan-terms step's own quote (`quoteTerms`: the pricing program in force for the
 * employer's lending program, default amount and repay method; dated on the business date for a
 * new-flow member, as its offers are), computed but not stored; the answer says which (`source`). With no
 * application, or no program to price from, the answer is the 4xx `termsNotChosen`.
 */
export interface LoanTermsSource {
  chosenLoan(ctx: AppContext, userId: number): Promise<ChosenLoan>;
}

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
    feeLabel: a.feeLabel === 'document preparation fee' ? 'document preparation fee' : feeLabel(cents(feeAmountCents), cents(0)),
    source: 'application',
    paymentMethod: a.paymentMethod,
  };
}

export const defaultLoanTermsSource: LoanTermsSource = {
  async chosenLoan(ctx, userId) {
    const application = await activeApplication(ctx, userId);
    if (!application) throw notChosen();
    const chosen = termsFromApplication(application);
    if (chosen) return chosen;
    // No terms on the row yet: the quote the loan-terms page would show (the one pricing rule), not stored.
    let patch: ApplicationPatch;
    try {
      ({ patch } = await quoteTerms(ctx, userId, application, undefined));
    } catch (e) {
      if (e instanceof AppError && e.code === 'validation') throw notChosen();
      throw e;
    }
    const quoted = termsFromApplication({ ...application, ...patch });
    if (!quoted) throw notChosen();
    return { ...quoted, source: 'pricing_program' };
  },
};
