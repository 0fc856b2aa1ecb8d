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
  readonly amountOptionsCents: readonly Cents[];
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
      return {
        amountCents: cents(amount),
        payoffCents: p.payoffCents,
        feeNotFinancedCents: cents(feeNotFinanced),
        newMoneyCents: cents(amount - p.payoffCents - feeNotFinanced),
      };
    })
    .filter((o) => o.newMoneyCents > 0);
  return { payoff: p, options };
}

/** Facts of a loan that decide whether it can be refinanced (newflow spec §5, §4). */
export interface RefinanceFacts {
  /** The loan's status; only an `opened` loan can be refinanced. */
  readonly loanStatus: string;
  /** Principal of the signed note (the "total balance" the share is measured against). */
  readonly notePrincipalCents: number;
  /** Principal still owed today. */
  readonly principalCents: number;
  /** Days past due of the oldest unpaid installment (0 = current). */
  readonly daysPastDue: number;
  /** A payment of the loan is scheduled or sent and not settled yet. */
  readonly hasPendingTransactions: boolean;
  /** The borrower has another application in progress (started, under review, not yet funded). */
  readonly otherApplicationInProgress: boolean;
  /** Share of the note principal that must be repaid, as a fraction in [0, 1] (configuration). */
  readonly minPaidShare: number;
}

/** The spec's requirements (`requirements_to_refinance`), each true when met. */
export interface RefinanceRequirements {
  readonly no_pending_transactions: boolean;
  readonly account_current: boolean;
  readonly paid_enough: boolean;
  readonly no_application_in_progress: boolean;
}

/** Default share of the note principal repaid before a refinance is offered (spec: "40% to 60%"). */
export const DEFAULT_REFINANCE_MIN_PAID_SHARE = 0.5;

/** Principal that must be repaid: ceil(note principal × share), exact to the cent. */
export function principalToRepayCents(notePrincipalCents: number, share: number): Cents {
  if (!(share >= 0 && share <= 1)) throw new RangeError(`invalid share ${String(share)}`);
  // Work in basis points so a share like 0.55 is exact.
  const bp = Math.round(share * 10_000);
  return cents(Math.ceil((notePrincipalCents * bp) / 10_000));
}

/** Each refinance requirement and the verdict: eligible when the loan is opened and every one holds. */
export function refinanceEligibility(f: RefinanceFacts): { eligible: boolean; requirements: RefinanceRequirements } {
  const repaid = f.notePrincipalCents - f.principalCents;
  const requirements: RefinanceRequirements = {
    no_pending_transactions: !f.hasPendingTransactions,
    account_current: f.daysPastDue === 0,
    paid_enough: repaid >= principalToRepayCents(f.notePrincipalCents, f.minPaidShare),
    no_application_in_progress: !f.otherApplicationInProgress,
  };
  return { eligible: f.loanStatus === 'opened' && Object.values(requirements).every(Boolean), requirements };
}

/**
 * Funding a refinance: the new loan's proceeds first pay the old loan's payoff on the disbursement
 * date, then the fee when it is not financed; the rest is disbursed to the borrower. Throws when the
 * proceeds do not cover the payoff (the options never offer such an amount), or when a figure is not a
 * whole non-negative number of cents (a negative payoff or fee would disburse more than the loan's amount).
 */
export function refinanceFunding(input: { amountCents: number; payoffCents: number; feeNotFinancedCents: number }): {
  payoffCents: Cents;
  netDisbursedCents: Cents;
} {
  for (const [name, value] of Object.entries(input))
    if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`${name} must be a whole non-negative number of cents: ${String(value)}`);
  const net = input.amountCents - input.payoffCents - input.feeNotFinancedCents;
  if (net <= 0) throw new RangeError('the new loan does not cover the payoff of the old one');
  return { payoffCents: cents(input.payoffCents), netDisbursedCents: cents(net) };
}
