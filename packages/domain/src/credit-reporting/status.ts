/**
 * Account Status, Payment Rating and Payment History Profile from days past due (Metro 2, docs/credit-reporting.md).
 * The 30/60/90/120 boundaries are the delinquency buckets of collections/buckets.ts, so a loan is in the same
 * bucket on the collections queue, the portfolio page and the bureau file; Metro 2 splits 120+ further
 * (120–149, 150–179, 180+).
 */
import { bucketOf } from '../collections/buckets';
import type { AccountStatusCode } from './layout';

/** Delinquency grade 0 (0–29 days) … 6 (180+): the digit of the history profile and of the payment rating. */
export function delinquencyGrade(daysPastDue: number): 0 | 1 | 2 | 3 | 4 | 5 | 6 {
  switch (bucketOf(daysPastDue)) {
    case 'current':
    case '1-29':
      return 0;
    case '30-59':
      return 1;
    case '60-89':
      return 2;
    case '90-119':
      return 3;
    case '120+':
      return daysPastDue < 150 ? 4 : daysPastDue < 180 ? 5 : 6;
  }
}

const OPEN_STATUS = ['11', '71', '78', '80', '82', '83', '84'] as const satisfies readonly AccountStatusCode[];

/** The Account Status of an open (not charged-off) account: 11 for 0–29 days past due, 71 30–59, 78 60–89, 80 90–119, 82 120–149, 83 150–179, 84 180+. */
export function openAccountStatus(daysPastDue: number): (typeof OPEN_STATUS)[number] {
  return OPEN_STATUS[delinquencyGrade(daysPastDue)];
}

/** The Payment Rating digit for days past due ('0'…'6'). */
export const paymentRatingFor = (daysPastDue: number): string => String(delinquencyGrade(daysPastDue));

/** How an account stood at one month's end, for its history profile. */
export type MonthState =
  | { readonly kind: 'not_open' }
  | { readonly kind: 'open'; readonly daysPastDue: number }
  /** Nothing owed and not past due (paid off). */
  | { readonly kind: 'zero_balance' }
  | { readonly kind: 'charged_off' };

/** The profile character of a month: B before the account opened, 0–6 by days past due, E zero balance, L charged off. */
export function historyCode(state: MonthState): string {
  switch (state.kind) {
    case 'not_open':
      return 'B';
    case 'open':
      return String(delinquencyGrade(state.daysPastDue));
    case 'zero_balance':
      return 'E';
    case 'charged_off':
      return 'L';
  }
}

/**
 * The 24-character Payment History Profile: position 1 is the month BEFORE the month reported (the
 * Account Status carries the reported month), position 24 twenty-four months back. `previousMonths[0]`
 * is the month before; missing months are B (no history: the account did not exist yet), and once a B
 * appears every older month is B too.
 */
export function paymentHistoryProfile(previousMonths: readonly MonthState[]): string {
  let out = '';
  let before = false;
  for (let i = 0; i < 24; i++) {
    const state = previousMonths[i] ?? { kind: 'not_open' as const };
    if (state.kind === 'not_open') before = true;
    out += before ? 'B' : historyCode(state);
  }
  return out;
}
