/**
 * Money: integer cents, exact rational rates, and the ONE half-up rounding of the engine.
 *
 * No float ever holds money. A rate is an exact fraction of two integers; a product
 * `amount × rate` is rounded to the cent by {@link roundHalfUp}, the only rounding
 * routine in the loan engine (ties go away from zero, i.e. ROUND_HALF_UP).
 */

declare const centsBrand: unique symbol;

/**
 * The brand of {@link Cents}, an interface so that a declaration spelling `Cents` out (a Drizzle row type
 * of a `$type<Cents>()` column) names it by import, never the module's private `unique symbol`.
 */
export interface CentsBrand {
  readonly [centsBrand]: 'Cents';
}

/** An amount of money in integer cents (US dollars × 100). Always a safe integer. */
export type Cents = number & CentsBrand;

/** Zero cents. */
export const ZERO: Cents = 0 as Cents;

/** Brands a safe integer as {@link Cents}; throws a RangeError for anything else (floats, NaN, huge values). */
export function cents(value: number): Cents {
  if (!Number.isSafeInteger(value)) throw new RangeError(`not an integer number of cents: ${String(value)}`);
  return value as Cents;
}

/** Sum of cents (exact: integer addition below 2^53 is exact). */
export function sumCents(values: readonly number[]): Cents {
  let total = 0;
  for (const v of values) total += v;
  return cents(total);
}

/**
 * The plain decimal text of an amount, no symbol and no separators: `123456` → `"1234.56"`, `-5` →
 * `"-0.05"`. For machine text (CSV files, form values) and the spec's messages that print the `$`
 * themselves; people read amounts through {@link formatUsd}.
 */
export function formatCents(value: Cents): string {
  const sign = value < 0 ? '-' : '';
  const abs = Math.abs(cents(value));
  const dollars = Math.floor(abs / 100);
  const rest = abs - dollars * 100;
  return `${sign}${dollars}.${rest < 10 ? '0' : ''}${rest}`;
}

/**
 * THE display of an amount of money (spec §9): dollars with thousands separators and two decimals,
 * the sign before the symbol: `123456` → `"$1,234.56"`, `0` → `"$0.00"`, `-5` → `"-$0.05"`.
 * Integer arithmetic only; a fraction of a cent is not money and throws a RangeError.
 */
export function formatUsd(value: Cents): string {
  const text = formatCents(value);
  const negative = text.startsWith('-');
  const [whole, fraction] = (negative ? text.slice(1) : text).split('.') as [string, string];
  return `${negative ? '-' : ''}$${whole.replace(/\B(?=(\d{3})+$)/g, ',')}.${fraction}`;
}

/**
 * A whole-dollar figure as people read it, without the cents: `5000000` → `"$50,000"`. For amounts that
 * are whole dollars by rule (the bounds and the amount of a loan request, asked in dollars); anything else
 * reads through {@link formatUsd}. An amount with cents is refused (RangeError), never rounded. No `Intl`:
 * a page's first use of the number formatter costs it a long task.
 */
export function formatUsdWhole(value: Cents): string {
  const text = formatUsd(value);
  if (!text.endsWith('.00')) throw new RangeError(`formatUsdWhole: ${value} cents is not a whole number of dollars`);
  return text.slice(0, -3);
}

/** An exact non-negative rational number `num / den` (both integers, den > 0). Used for rates. */
export interface Ratio {
  /** Numerator (non-negative safe integer). */
  readonly num: number;
  /** Denominator (positive safe integer). */
  readonly den: number;
}

const TWO_53 = 2 ** 53;

function gcd(a: number, b: number): number {
  while (b !== 0) [a, b] = [b, a % b];
  return a;
}

/** Builds a reduced {@link Ratio}; throws a RangeError unless both parts are safe integers and den > 0. */
export function ratio(num: number, den: number): Ratio {
  if (!Number.isSafeInteger(num) || !Number.isSafeInteger(den) || den <= 0 || num < 0) {
    throw new RangeError(`invalid ratio ${String(num)}/${String(den)}`);
  }
  const g = num === 0 ? den : gcd(num, den);
  return { num: num / g, den: den / g };
}

/** True when a ratio is exactly zero. */
export function isZeroRatio(r: Ratio): boolean {
  return r.num === 0;
}

/**
 * THE rounding of the engine: `numerator / denominator` rounded to the nearest integer,
 * ties away from zero (half-up). Exact for any integers: numbers are used while every
 * intermediate stays below 2^53, BigInt otherwise. Every cent the engine produces by
 * division or multiplication by a rate goes through this function.
 */
export function roundHalfUp(numerator: number | bigint, denominator: number | bigint): Cents {
  if (typeof numerator === 'number' && typeof denominator === 'number' && Math.abs(numerator) + Math.abs(denominator) < TWO_53) {
    if (!Number.isInteger(numerator) || !Number.isInteger(denominator) || denominator === 0) {
      throw new RangeError('roundHalfUp needs integers and a non-zero denominator');
    }
    const negative = numerator < 0 !== denominator < 0;
    const n = Math.abs(numerator);
    const d = Math.abs(denominator);
    let q = Math.floor(n / d);
    let r = n - q * d; // exact: q·d ≤ n + d < 2^53, so every term is an exactly representable integer
    if (r < 0) {
      q -= 1;
      r += d;
    } else if (r >= d) {
      q += 1;
      r -= d;
    }
    if (2 * r >= d) q += 1;
    return cents(negative && q !== 0 ? -q : q);
  }
  let n = BigInt(numerator);
  let d = BigInt(denominator);
  if (d === 0n) throw new RangeError('roundHalfUp: zero denominator');
  const negative = n < 0n !== d < 0n;
  if (n < 0n) n = -n;
  if (d < 0n) d = -d;
  let q = n / d;
  const r = n - q * d;
  if (2n * r >= d) q += 1n;
  return cents(Number(negative ? -q : q));
}

/** `amount × rate.num / rate.den` rounded half-up to the cent (via {@link roundHalfUp}). */
export function applyRatio(amount: number, rate: Ratio): Cents {
  const product = amount * rate.num;
  if (Math.abs(product) < TWO_53) return roundHalfUp(product, rate.den);
  return roundHalfUp(BigInt(amount) * BigInt(rate.num), rate.den);
}

/** `amount × num / den` rounded half-up to the cent, for integer num/den (e.g. days elapsed / days in period). */
export function prorate(amount: number, num: number, den: number): Cents {
  const product = amount * num;
  if (Math.abs(product) < TWO_53) return roundHalfUp(product, den);
  return roundHalfUp(BigInt(amount) * BigInt(num), den);
}

const DECIMAL_RE = /^(\d{1,4})(?:\.(\d{1,8}))?$/;

/**
 * Parses a non-negative decimal string (up to 4 integer and 8 fraction digits) into an exact
 * {@link Ratio}; e.g. `"12.99"` → 1299/100. Throws a RangeError with the offending text otherwise.
 */
export function parseDecimal(text: string): Ratio {
  const m = DECIMAL_RE.exec(text);
  if (!m) throw new RangeError(`not a decimal number: "${text}"`);
  const frac = m[2] ?? '';
  return ratio(Number(m[1] + frac), 10 ** frac.length);
}

/**
 * An annual nominal interest rate, exact. `percent` is the canonical decimal text (e.g. `"12.99"`),
 * `fraction` the exact rate as a fraction of 1 (12.99 % → 1299/10000).
 */
export interface AnnualRate {
  /** The rate in percent, as given (canonical decimal text). */
  readonly percent: string;
  /** The exact rate as a fraction of one. */
  readonly fraction: Ratio;
}

/** Parses an annual rate given in percent (a decimal string such as `"12.99"`); rates up to 999.99…% are accepted. */
export function parseAnnualRatePercent(percent: string): AnnualRate {
  const r = parseDecimal(percent);
  if (r.num >= 1000 * r.den) throw new RangeError(`annual rate out of range: "${percent}"`);
  return { percent, fraction: ratio(r.num, r.den * 100) };
}

/** The exact periodic rate `annual / periodsPerYear` (e.g. 12.99 % monthly → 1299/120000). */
export function periodicRate(annual: AnnualRate, periodsPerYear: number): Ratio {
  return ratio(annual.fraction.num, annual.fraction.den * periodsPerYear);
}
