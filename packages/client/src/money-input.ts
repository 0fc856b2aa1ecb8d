/**
 * The one reader of the dollar amounts borrowers type on the payment screens (one-time payment, auto-debit,
 * debit-card payment, the credit-balance refund): "50", "50.5", "50.50", "$1,250.00" → integer cents,
 * exactly. The text is parsed as text (whole dollars and up to two decimals, each read as an integer):
 * no floating-point arithmetic ever touches the amount. Commas may only group thousands ("1,250", not
 * "12,50"); more than two decimals is refused with its own message (a fraction of a cent cannot be paid).
 *
 * The server's amounts are integer cents of at most 10 digits (docs/servicing.md), so at most 8 dollar
 * digits are accepted here ($99,999,999.99).
 */
import { parseDollarField } from '@payrail/domain/validation/money-input';

/** Dollar digits accepted: 10 digits of cents on the wire. */
export const MONEY_INPUT_MAX_DOLLAR_DIGITS = 8;
/** Characters the amount field accepts ("$99,999,999.99" is 14). */
export const MONEY_INPUT_MAX_LENGTH = 14;

export const MONEY_INPUT_MSG = {
  required: 'Please enter the payment amount.',
  invalid: 'Please enter the amount in dollars and cents, for example 50, 50.50 or 1,250.00.',
  tooManyDecimals: 'Please enter at most 2 decimals (cents), for example 50.25.',
  tooLarge: 'The amount cannot be more than $99,999,999.99.',
} as const;

export type MoneyInputResult = { ok: true; cents: number } | { ok: false; code: 'required' | 'invalid' | 'too_many_decimals' | 'too_large'; message: string };

/** Reads a typed dollar amount as integer cents, or says what is wrong with it (see the module comment). */
export function parseMoneyInput(text: string): MoneyInputResult {
  const value = text.trim().replace(/^\$\s*/, '');
  if (value === '') return { ok: false, code: 'required', message: MONEY_INPUT_MSG.required };
  if (/^(?:\d{1,3}(?:,\d{3})+|\d*)\.\d{3,}$/.test(value)) return { ok: false, code: 'too_many_decimals', message: MONEY_INPUT_MSG.tooManyDecimals };
  // ".50" is fifty cents, as people write it.
  const parsed = parseDollarField(value.startsWith('.') ? `0${value}` : value, MONEY_INPUT_MAX_DOLLAR_DIGITS);
  if (parsed.ok) return { ok: true, cents: parsed.value };
  if (parsed.code === 'amount_too_long') return { ok: false, code: 'too_large', message: MONEY_INPUT_MSG.tooLarge };
  if (parsed.code === 'required') return { ok: false, code: 'required', message: MONEY_INPUT_MSG.required };
  return { ok: false, code: 'invalid', message: MONEY_INPUT_MSG.invalid };
}

/** Integer cents as the amount field shows them for editing: 15000 → "150.00", 123456 → "1,234.56". */
export function centsToInput(cents: number): string {
  if (!Number.isSafeInteger(cents) || cents < 0) return '';
  const whole = Math.floor(cents / 100);
  const fraction = String(cents % 100).padStart(2, '0');
  return `${whole.toLocaleString('en-US')}.${fraction}`;
}
