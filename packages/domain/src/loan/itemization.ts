/**
 * Itemization of the amount financed (Truth in Lending, Regulation Z §1026.18(c)): where the credit
 * goes. The amount financed is paid to the borrower directly, except what a refinance pays on the loan
 * it replaces; the prepaid finance charge (the origination or document preparation fee) is not part of
 * it. The lines sum exactly: paid to you + paid on the existing loan = amount financed, and amount
 * financed + prepaid finance charge = the note's principal.
 */
import { cents } from '../money';
import type { Cents } from '../money';

/** The existing loan a refinance pays off from the proceeds. */
export interface ExistingLoanPayoff {
  /** The loan number the borrower knows it by (e.g. 1152-60-6252). */
  readonly loanNumber: string;
  /** Its payoff, in cents. */
  readonly payoffCents: number;
}

/** The itemized amount financed. */
export interface AmountFinancedItemization {
  /** Amount paid to the borrower directly. */
  readonly paidToYouCents: Cents;
  /** Amount paid on the existing loan a refinance replaces (null on a new loan). */
  readonly paidOnExistingLoan: { readonly loanNumber: string; readonly cents: Cents } | null;
  /** Amount financed: the sum of the two lines above. */
  readonly amountFinancedCents: Cents;
  /** Prepaid finance charge (the fee): not part of the amount financed. */
  readonly prepaidFinanceChargeCents: Cents;
  /** The note's principal: amount financed + prepaid finance charge. */
  readonly principalCents: Cents;
}

/**
 * Itemizes a disclosure's amount financed. Throws a RangeError when a refinance's payoff is not
 * covered (nothing, or less than nothing, would be paid to the borrower) or an amount is not whole
 * non-negative cents.
 */
export function itemizeAmountFinanced(
  disclosure: { readonly amountFinancedCents: number; readonly prepaidFinanceChargeCents: number },
  existingLoan: ExistingLoanPayoff | null = null,
): AmountFinancedItemization {
  const financed = cents(disclosure.amountFinancedCents);
  const fee = cents(disclosure.prepaidFinanceChargeCents);
  if (financed < 0 || fee < 0) throw new RangeError('amounts must not be negative');
  const payoff = existingLoan ? cents(existingLoan.payoffCents) : null;
  if (payoff !== null && payoff < 0) throw new RangeError('the payoff must not be negative');
  const paidToYou = financed - (payoff ?? 0);
  if (existingLoan && paidToYou <= 0) throw new RangeError('the amount financed does not cover the payoff of the existing loan');
  return {
    paidToYouCents: cents(paidToYou),
    paidOnExistingLoan: existingLoan && payoff !== null ? { loanNumber: existingLoan.loanNumber, cents: payoff } : null,
    amountFinancedCents: financed,
    prepaidFinanceChargeCents: fee,
    principalCents: cents(financed + fee),
  };
}
