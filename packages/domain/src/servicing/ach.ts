/**
 * ACH debits as the bank sees them (NACHA Operating Rules), pure:
 * - SEC code: a one-time payment authorized online is WEB; a recurring auto-debit authorized on the
 *   borrower's signed authorization is PPD.
 * - Transaction codes: 27 checking debit, 37 savings debit (22/32 are the credits of disbursement).
 * - Effective entry date on the Federal Reserve business-day calendar (weekends and Federal holidays move
 *   forward to the next business day).
 * - Settlement: an entry is final once the return window has passed with no return
 *   (default 2 business days after the effective date — the window for the administrative returns
 *   R01–R04, R08, R16; unauthorized returns R07/R10/R29 can arrive later and still reverse the payment).
 * - Returns: reason codes with their NACHA meaning; only R01 (insufficient funds) and R09 (uncollected
 *   funds) may be re-presented, at most TWO times after the original entry, within 180 days of the
 *   original entry's settlement (effective) date; a re-presented entry carries the description "RETRY PYMT".
 */
import { addBusinessDays, adjustToBusinessDay, isBusinessDay } from '../calendar';
import { addDays } from '../dates';
import type { IsoDate } from '../dates';
import type { PaymentMode } from '../loan/statuses';

/** Kind of ACH debit. */
export type DebitKind = PaymentMode;

/** Standard Entry Class code. */
export const SEC_CODES = ['WEB', 'PPD'] as const;
export type SecCode = (typeof SEC_CODES)[number];

/** The SEC code of a debit: recurring auto-debits are PPD, one-time (and payoff) payments authorized online are WEB. */
export function secCodeFor(kind: DebitKind): SecCode {
  return kind === 'auto_debit' ? 'PPD' : 'WEB';
}

/** The kinds of bank account a debit or credit goes to. */
export const ACCOUNT_TYPES = ['checking', 'savings'] as const;
export type AccountType = (typeof ACCOUNT_TYPES)[number];

/** Debit transaction code: 27 checking, 37 savings. */
export function debitTransactionCode(accountType: AccountType): '27' | '37' {
  return accountType === 'savings' ? '37' : '27';
}

/** Company entry description of a debit (10 characters max in the batch header). */
export function entryDescription(kind: DebitKind, representment: number): string {
  if (representment > 0) return 'RETRY PYMT'; // required wording for a re-presented R01/R09 entry
  return kind === 'payoff' ? 'LOAN PAYOF' : 'LOAN PYMT';
}

/** The effective entry date of a debit requested for `requested`: that date or the next business day. */
export function effectiveDate(requested: IsoDate): IsoDate {
  return adjustToBusinessDay(requested);
}

/** Days of the return window, in business days after the effective date. */
export const DEFAULT_RETURN_WINDOW_DAYS = 2;

/** The first business date on which an entry effective on `effective` is treated as settled (final). */
export function settlementDate(effective: IsoDate, returnWindowDays: number = DEFAULT_RETURN_WINDOW_DAYS): IsoDate {
  if (!Number.isSafeInteger(returnWindowDays) || returnWindowDays < 0) throw new RangeError('return window must be a whole number of business days');
  return addBusinessDays(adjustToBusinessDay(effective), returnWindowDays);
}

/** True when an entry effective on `effective` is past its return window on `businessDate`. */
export function isSettled(effective: IsoDate, businessDate: IsoDate, returnWindowDays: number = DEFAULT_RETURN_WINDOW_DAYS): boolean {
  return businessDate >= settlementDate(effective, returnWindowDays);
}

/** What a return means for the borrower's account and authorization. */
export type ReturnEffect = 'retry' | 'account_unusable' | 'authorization_revoked';

/** A NACHA return reason. */
export interface ReturnReason {
  /** Code, e.g. "R01". */
  readonly code: ReturnCode;
  /** NACHA title. */
  readonly title: string;
  /** May be re-presented (R01, R09 only). */
  readonly retryable: boolean;
  /** What servicing does besides reversing the payment. */
  readonly effect: ReturnEffect;
  /** Unauthorized return (R05/R07/R10/R29 family): counts toward NACHA's unauthorized return rate. */
  readonly unauthorized: boolean;
}

/** Return codes servicing knows. */
export const RETURN_CODES = ['R01', 'R02', 'R03', 'R04', 'R07', 'R08', 'R09', 'R10', 'R16', 'R29'] as const;
/** A return code. */
export type ReturnCode = (typeof RETURN_CODES)[number];

/** The return reasons, with their NACHA meaning. */
export const RETURN_REASONS: Readonly<Record<ReturnCode, ReturnReason>> = {
  R01: { code: 'R01', title: 'Insufficient funds', retryable: true, effect: 'retry', unauthorized: false },
  R02: { code: 'R02', title: 'Account closed', retryable: false, effect: 'account_unusable', unauthorized: false },
  R03: { code: 'R03', title: 'No account / unable to locate account', retryable: false, effect: 'account_unusable', unauthorized: false },
  R04: { code: 'R04', title: 'Invalid account number structure', retryable: false, effect: 'account_unusable', unauthorized: false },
  R07: { code: 'R07', title: 'Authorization revoked by customer', retryable: false, effect: 'authorization_revoked', unauthorized: true },
  R08: { code: 'R08', title: 'Payment stopped', retryable: false, effect: 'authorization_revoked', unauthorized: false },
  R09: { code: 'R09', title: 'Uncollected funds', retryable: true, effect: 'retry', unauthorized: false },
  R10: {
    code: 'R10',
    title: 'Customer advises originator is not known to receiver and/or not authorized',
    retryable: false,
    effect: 'authorization_revoked',
    unauthorized: true,
  },
  R16: { code: 'R16', title: 'Account frozen / entry returned per OFAC instruction', retryable: false, effect: 'account_unusable', unauthorized: false },
  R29: { code: 'R29', title: 'Corporate customer advises not authorized', retryable: false, effect: 'authorization_revoked', unauthorized: true },
};

/** True for a known return code. */
export function isReturnCode(value: string): value is ReturnCode {
  return (RETURN_CODES as readonly string[]).includes(value);
}

/** NACHA: an R01/R09 entry may be re-presented at most twice after the original. */
export const MAX_REPRESENTMENTS = 2;
/** NACHA: re-presentment within 180 days of the original entry's settlement date. */
export const REPRESENTMENT_WINDOW_DAYS = 180;
/** Business days servicing waits after a return before re-presenting (configuration; 3 lets a payday pass). */
export const DEFAULT_REPRESENTMENT_DELAY_DAYS = 3;

/** The facts of a returned entry that decide re-presentment. */
export interface ReturnedEntry {
  /** The return code. */
  readonly code: ReturnCode;
  /** Effective date of the ORIGINAL entry (the chain's first presentment). */
  readonly originalEffectiveDate: IsoDate;
  /** 0 for the original entry, 1 and 2 for re-presentments. */
  readonly representment: number;
  /** The business date the return was received. */
  readonly returnedOn: IsoDate;
}

/**
 * When to re-present a returned entry, or `null` when NACHA forbids it (not R01/R09, two re-presentments
 * already made, or past 180 days from the original's settlement date).
 */
export function representmentDate(entry: ReturnedEntry, delayDays: number = DEFAULT_REPRESENTMENT_DELAY_DAYS): IsoDate | null {
  if (!RETURN_REASONS[entry.code].retryable) return null;
  if (entry.representment >= MAX_REPRESENTMENTS) return null;
  const on = addBusinessDays(adjustToBusinessDay(entry.returnedOn), delayDays);
  const limit = addDays(entry.originalEffectiveDate, REPRESENTMENT_WINDOW_DAYS);
  return on <= limit && isBusinessDay(on) ? on : null;
}
