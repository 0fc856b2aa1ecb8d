/**
 * Money typed into forms.
 *
 * - Dollar fields (classic §5): annual income, annual household income and housing payment take up to
 *   5 integer digits in money format — `45000`, `45,000`, `$45,000.50` — i.e. at most $99,999.99.
 * - Amount inputs of the payments page (new flow §5): digits only, at most 10 characters, read as cents
 *   (`'1050'` is $10.50).
 * - Payment minimums (new flow §5/§9): a one-time payment is at least $10 (`lowerThanMinimum`), an
 *   auto-debit at least the loan's payment per term (`lowerThanTerm`).
 */
import { cents } from '../money';
import type { Cents } from '../money';
import { invalid, valid } from './result';
import type { Validation } from './result';

/** Integer digits allowed in the dollar fields (classic §5). */
export const DOLLAR_FIELD_MAX_DIGITS = 5;

/** Characters allowed in a cents amount input (new flow §5/§9). */
export const CENTS_INPUT_MAX_LENGTH = 10;

/** The minimum one-time payment, $10 (new flow §9 "Minimum one-time payment 10"). */
export const MIN_ONE_TIME_PAYMENT_CENTS = 1000 as Cents;

/** Failure codes of the money inputs. */
export type MoneyInputCode = 'required' | 'amount_invalid' | 'amount_too_long';

const DOLLAR_RE = /^\$?\s*(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d{1,2}))?$/;

/**
 * Parses a dollar field (`45000`, `45,000`, `$ 45,000.5`) into cents. Commas must group thousands; at
 * most `maxDigits` (default 5) integer digits and two decimals.
 */
export function parseDollarField(text: string, maxDigits: number = DOLLAR_FIELD_MAX_DIGITS): Validation<Cents, MoneyInputCode> {
  const value = text.trim();
  if (value === '') return invalid('required');
  const m = DOLLAR_RE.exec(value);
  if (!m) return invalid('amount_invalid');
  const whole = (m[1] as string).replaceAll(',', '').replace(/^0+(?=\d)/, '');
  if (whole.length > maxDigits) return invalid('amount_too_long');
  const fraction = (m[2] ?? '').padEnd(2, '0');
  return valid(cents(Number(whole) * 100 + Number(fraction)));
}

const FILE_DOLLARS_RE = /^(\$?)(\d{1,5})(?:\.(\d{1,2}))?$/;

/**
 * Reads an amount written in a payroll file (the remittance and deduction CSVs): plain dollars, at most 5
 * integer digits and two decimals, no separators or sign; a leading `$` only when `dollarSign` allows it.
 * Null when the text is not such an amount. Integer arithmetic on the digits: no float is involved.
 */
export function fileDollarsToCents(text: string, options: { dollarSign: boolean }): Cents | null {
  const m = FILE_DOLLARS_RE.exec(text.trim());
  if (!m || (m[1] === '$' && !options.dollarSign)) return null;
  return cents(Number(m[2]) * 100 + Number((m[3] ?? '').padEnd(2, '0')));
}

/** Parses a payments-page amount input: digits only, at most 10 characters, read as cents. */
export function parseCentsInput(text: string): Validation<Cents, MoneyInputCode> {
  const value = text.trim();
  if (value === '') return invalid('required');
  if (!/^\d+$/.test(value)) return invalid('amount_invalid');
  if (value.length > CENTS_INPUT_MAX_LENGTH) return invalid('amount_too_long');
  return valid(cents(Number(value)));
}

/** A one-time payment must be at least $10 (`lower_than_minimum`, the spec's `lowerThanMinimum`). */
export function checkOneTimePaymentAmount(amount: Cents): Validation<Cents, 'lower_than_minimum'> {
  return amount >= MIN_ONE_TIME_PAYMENT_CENTS ? valid(amount) : invalid('lower_than_minimum');
}

/** An auto-debit must be at least the payment per term (`lower_than_term`, the spec's `lowerThanTerm`). */
export function checkAutoDebitAmount(amount: Cents, paymentPerTerm: Cents): Validation<Cents, 'lower_than_term'> {
  return amount >= paymentPerTerm ? valid(amount) : invalid('lower_than_term');
}
