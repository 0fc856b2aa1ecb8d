/**
 * Pricing: turns an employer's program (data stored by the server — rate tables are inputs, never
 * constants here), the borrower's state, amount and pay frequency into amount options and offers
 * grouped by repayment method: `split_direct_deposit` (payroll split, with a rate discount),
 * `auto_debit` (ACH) and `one_times` (borrower-initiated one-time payments).
 */
import Decimal from 'decimal.js';
import { cents, parseDecimal } from '../money';
import type { Cents } from '../money';
import type { IsoDate } from '../dates';
import { chargedFee, feeFor, feeLabel } from './fees';
import type { FeeLabel, FeeRule } from './fees';
import { paymentsInTerm } from './frequency';
import type { Frequency } from './frequency';
import { quoteLoan } from './disclosure';

/** One priced term of a rate table. An entry applies when the amount lies in [min, max]. */
export interface RateTableEntry {
  /** Term length in months (payments = round(months × periods per year / 12)). */
  readonly termMonths: number;
  /** Smallest amount this entry prices, in cents (inclusive). */
  readonly minAmountCents: Cents;
  /** Largest amount this entry prices, in cents (inclusive). */
  readonly maxAmountCents: Cents;
  /** Annual nominal rate in percent, exact decimal text. */
  readonly annualRatePercent: string;
  /** Origination fee (flat and/or % of amount). */
  readonly originationFee?: FeeRule;
  /** Document preparation fee, charged only when the origination fee is 0. */
  readonly documentPreparationFee?: FeeRule;
  /** True when the fee is added to the note; false when withheld from the proceeds. */
  readonly feeFinanced: boolean;
  /** Frequencies this entry is offered for; all when absent. */
  readonly frequencies?: readonly Frequency[];
  /** Two-letter states this entry is offered in; all when absent. */
  readonly states?: readonly string[];
  /** Promotional entry (shown as `special`). */
  readonly special?: boolean;
}

/** A rate table: the priced terms of one repayment method. */
export interface RateTable {
  /** Identifier as stored by the server. */
  readonly id: string;
  /** Its entries. */
  readonly entries: readonly RateTableEntry[];
}

/** State-specific limits; offers outside them are dropped. */
export interface StateRule {
  /** Smallest amount lent in the state (cents). */
  readonly minAmountCents?: Cents;
  /** Largest amount lent in the state (cents). */
  readonly maxAmountCents?: Cents;
  /** Highest nominal rate allowed (percent, decimal text). */
  readonly maxAnnualRatePercent?: string;
  /** Highest APR allowed (percent, decimal text). */
  readonly maxAprPercent?: string;
}

/** An employer's lending program. */
export interface PricingProgram {
  /** Identifier as stored by the server. */
  readonly id: string;
  /** Selectable amounts: min..max in steps (cents). */
  readonly amountRange: { readonly minCents: Cents; readonly maxCents: Cents; readonly stepCents: Cents };
  /** States where the program lends; all when absent. */
  readonly states?: readonly string[];
  /** Per-state limits. */
  readonly stateRules?: Readonly<Record<string, StateRule>>;
  /** Repayment by splitting the paycheck's direct deposit; its rates are discounted by `discountPercent` % of the rate. */
  readonly splitDirectDeposit?: { readonly rateTable: RateTable; readonly discountPercent: string };
  /** Repayment by ACH auto-debit. */
  readonly autoDebit?: { readonly rateTable: RateTable };
  /** Repayment by one-time payments made by the borrower. */
  readonly oneTimes?: { readonly rateTable: RateTable };
}

/** What the borrower asks for. */
export interface PricingRequest {
  /** The program. */
  readonly program: PricingProgram;
  /** Borrower's state, two letters. */
  readonly state: string;
  /** Requested amount in cents. */
  readonly amountCents: Cents;
  /** Pay frequency (= payment frequency). */
  readonly frequency: Frequency;
  /** Expected disbursement date (for the APR). */
  readonly disbursementDate: IsoDate;
  /** First payment date, normally the first payday after disbursement (for the APR). */
  readonly firstPaymentDate: IsoDate;
}

/** One offer, in the wire shape the server returns. Money in cents, rates in percent strings. */
export interface Offer {
  /** Level payment. */
  readonly fixed_payment_amount: Cents;
  /** Payment frequency. */
  readonly term_frequency: Frequency;
  /** Term in months. */
  readonly terms_in_months: number;
  /** Number of payments. */
  readonly number_of_payments: number;
  /** Nominal annual rate, percent. */
  readonly interest_rate: string;
  /** APR, percent with 4 decimals. */
  readonly apr: string;
  /** Upfront fee charged. */
  readonly fee_amount: Cents;
  /** Label of that fee. */
  readonly fee_label: FeeLabel;
  /** True when the fee is financed. */
  readonly fee_financed: boolean;
  /** Loan amount. */
  readonly amount: Cents;
  /** Promotional offer. */
  readonly special: boolean;
}

/** Pricing result. */
export interface PricingResult {
  /** Amounts the borrower may choose, ascending (cents). */
  readonly amount_options: readonly Cents[];
  /** Offers for the requested amount, by repayment method, shortest term first. */
  readonly offers: { readonly split_direct_deposit: readonly Offer[]; readonly auto_debit: readonly Offer[]; readonly one_times: readonly Offer[] };
}

/** `rate × (100 − discount) / 100`, exact (at most 8 decimals, half-up). */
export function discountedRate(annualRatePercent: string, discountPercent: string): string {
  parseDecimal(annualRatePercent);
  parseDecimal(discountPercent);
  const d = new Decimal(annualRatePercent).times(new Decimal(100).minus(discountPercent)).div(100);
  return d.toDecimalPlaces(8, Decimal.ROUND_HALF_UP).toFixed();
}

function lessOrEqual(a: string, b: string): boolean {
  return new Decimal(a).lte(b);
}

function entryApplies(e: RateTableEntry, state: string, frequency: Frequency, amount: number): boolean {
  return (
    amount >= e.minAmountCents && amount <= e.maxAmountCents && (!e.frequencies || e.frequencies.includes(frequency)) && (!e.states || e.states.includes(state))
  );
}

function priceEntry(req: PricingRequest, e: RateTableEntry, rate: string, rule: StateRule | undefined): Offer | null {
  if (rule?.maxAnnualRatePercent !== undefined && !lessOrEqual(rate, rule.maxAnnualRatePercent)) return null;
  const origination = feeFor(e.originationFee, req.amountCents);
  const other = feeFor(e.documentPreparationFee, req.amountCents);
  const fee = chargedFee(origination, other);
  const n = paymentsInTerm(req.frequency, e.termMonths);
  if (!e.feeFinanced && fee >= req.amountCents) return null;
  const { schedule, disclosure } = quoteLoan({
    amountCents: cents(req.amountCents),
    originationFeeCents: fee,
    feeFinanced: e.feeFinanced,
    annualRatePercent: rate,
    frequency: req.frequency,
    numberOfPayments: n,
    disbursementDate: req.disbursementDate,
    firstPaymentDate: req.firstPaymentDate,
  });
  if (rule?.maxAprPercent !== undefined && !lessOrEqual(disclosure.aprPercent, rule.maxAprPercent)) return null;
  return {
    fixed_payment_amount: schedule.regularPaymentCents,
    term_frequency: req.frequency,
    terms_in_months: e.termMonths,
    number_of_payments: n,
    interest_rate: rate,
    apr: disclosure.aprPercent,
    fee_amount: fee,
    fee_label: feeLabel(origination, other),
    fee_financed: e.feeFinanced,
    amount: cents(req.amountCents),
    special: e.special === true,
  };
}

function groupOffers(req: PricingRequest, table: RateTable | undefined, discountPercent: string | undefined, rule: StateRule | undefined): Offer[] {
  if (!table) return [];
  const offers: Offer[] = [];
  for (const e of table.entries) {
    if (!entryApplies(e, req.state, req.frequency, req.amountCents)) continue;
    const rate = discountPercent === undefined ? e.annualRatePercent : discountedRate(e.annualRatePercent, discountPercent);
    const offer = priceEntry(req, e, rate, rule);
    if (offer) offers.push(offer);
  }
  return offers.sort((a, b) => a.terms_in_months - b.terms_in_months || Number(a.special) - Number(b.special));
}

function programLends(program: PricingProgram, state: string): boolean {
  return !program.states || program.states.includes(state);
}

function tables(program: PricingProgram): RateTable[] {
  return [program.splitDirectDeposit?.rateTable, program.autoDebit?.rateTable, program.oneTimes?.rateTable].filter((t): t is RateTable => t !== undefined);
}

/** Amounts of the program's range allowed in the state and priced by at least one entry for the frequency. */
export function amountOptions(program: PricingProgram, state: string, frequency: Frequency): Cents[] {
  if (!programLends(program, state)) return [];
  const { minCents, maxCents, stepCents } = program.amountRange;
  if (!(stepCents > 0) || maxCents < minCents) throw new RangeError('invalid amount range');
  const rule = program.stateRules?.[state];
  const lo = Math.max(minCents, rule?.minAmountCents ?? minCents);
  const hi = Math.min(maxCents, rule?.maxAmountCents ?? maxCents);
  const entries = tables(program).flatMap((t) => t.entries);
  const out: Cents[] = [];
  for (let a: number = minCents; a <= maxCents; a += stepCents) {
    if (a < lo || a > hi) continue;
    if (entries.some((e) => entryApplies(e, state, frequency, a))) out.push(cents(a));
  }
  return out;
}

/** Prices a request: amount options and the offers for the requested amount (empty when it is not an option). */
export function priceOffers(req: PricingRequest): PricingResult {
  const options = amountOptions(req.program, req.state, req.frequency);
  if (!options.includes(req.amountCents as Cents)) return { amount_options: options, offers: { split_direct_deposit: [], auto_debit: [], one_times: [] } };
  const rule = req.program.stateRules?.[req.state];
  return {
    amount_options: options,
    offers: {
      split_direct_deposit: groupOffers(req, req.program.splitDirectDeposit?.rateTable, req.program.splitDirectDeposit?.discountPercent ?? '0', rule),
      auto_debit: groupOffers(req, req.program.autoDebit?.rateTable, undefined, rule),
      one_times: groupOffers(req, req.program.oneTimes?.rateTable, undefined, rule),
    },
  };
}
