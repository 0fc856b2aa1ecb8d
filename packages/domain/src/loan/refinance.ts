/**
 * Refinance quote: the old loan is paid off on the new loan's disbursement date from the new loan's
 * proceeds. For each candidate amount: new money = amount − payoff − fee not financed.
 */
import { cents } from '../money';
import type { Cents } from '../money';
import type { IsoDate } from '../dates';
import { feeFor } from './fees';
import type { FeeRule } from './fees';
import { payoff } from './servicing';
import type { Ledger, Payoff } from './servicing';

/** Input of {@link refinanceQuote}. */
export interface RefinanceInput {
  /** Servicing state of the loan being refinanced (events applied up to at most the disbursement date). */
  readonly oldLoan: Ledger;
  /** Disbursement date of the new loan: the old loan's payoff date. */
  readonly disbursementDate: IsoDate;
  /** Candidate amounts of the new loan, in cents (e.g. `amount_options` from pricing). */
  readonly amountOptionsCents: readonly number[];
  /** Upfront fee of the new loan. */
  readonly fee?: FeeRule;
  /** True when the new loan's fee is financed (then it does not reduce the new money). */
  readonly feeFinanced: boolean;
}

/** One refinance option. */
export interface RefinanceOption {
  /** Amount of the new loan. */
  readonly amountCents: Cents;
  /** Old loan payoff deducted from the proceeds. */
  readonly payoffCents: Cents;
  /** Fee withheld from the proceeds (0 when financed). */
  readonly feeNotFinancedCents: Cents;
  /** Cash to the borrower: amount − payoff − fee not financed. */
  readonly newMoneyCents: Cents;
}

/** The refinance quote: the payoff used and the viable options (new money > 0), ascending by amount. */
export interface RefinanceQuote {
  /** Payoff of the old loan on the disbursement date. */
  readonly payoff: Payoff;
  /** Options where the borrower receives something. */
  readonly options: readonly RefinanceOption[];
}

/** Quotes a refinance of `oldLoan` on `disbursementDate`. */
export function refinanceQuote(input: RefinanceInput): RefinanceQuote {
  const p = payoff(input.oldLoan, input.disbursementDate);
  const options = [...new Set(input.amountOptionsCents)]
    .sort((a, b) => a - b)
    .map((amount) => {
      const feeNotFinanced = input.feeFinanced ? 0 : feeFor(input.fee, amount);
      return { amountCents: cents(amount), payoffCents: p.payoffCents, feeNotFinancedCents: cents(feeNotFinanced), newMoneyCents: cents(amount - p.payoffCents - feeNotFinanced) };
    })
    .filter((o) => o.newMoneyCents > 0);
  return { payoff: p, options };
}
