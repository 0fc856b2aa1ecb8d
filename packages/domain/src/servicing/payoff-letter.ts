/**
 * The payoff letter's figures: what closes the loan on a chosen date (the good-through date), its parts
 * (principal, interest, fees), the per-diem interest to add per day of late funds, and every debit not
 * yet final that would change the figure — a scheduled debit collected on or before the date lowers it,
 * a debit already sent (still in its return window) raises it if the bank returns it.
 *
 * Every figure comes from {@link positionAsOf} (the same replay as the payoff quote), so the letter's
 * payoff amount IS the payoff quote of its date.
 */
import type { IsoDate } from '../dates';
import { positionAsOf } from '../loan/ledger';
import type { LedgerEntry } from '../loan/ledger';
import type { LoanSchedule } from '../loan/schedule';
import { payoff } from '../loan/servicing';
import { cents } from '../money';
import type { Cents } from '../money';

/** `scheduled`: not sent yet; `pending`: sent, the bank can still return it. */
export const OPEN_DEBIT_STATUSES = ['scheduled', 'pending'] as const;
export type OpenDebitStatus = (typeof OPEN_DEBIT_STATUSES)[number];

/** What a debit not yet final does to the payoff amount (see {@link DebitEffect}). */
export const DEBIT_EFFECT_KINDS = ['lowers', 'raises', 'after'] as const;
export type DebitEffectKind = (typeof DEBIT_EFFECT_KINDS)[number];

/** A debit of the loan that is not final yet. */
export interface OpenDebit {
  /** The transaction's id. */
  readonly id: number;
  /** `scheduled`: not sent yet; `pending`: sent, the bank can still return it. */
  readonly status: OpenDebitStatus;
  /** Date it is (or was) collected. */
  readonly date: IsoDate;
  readonly amountCents: Cents;
  /** Pending debits: the ledger entry that posted it (its reversal is what a return would write). */
  readonly ledgerEntryId?: number | null;
}

/** How a debit not yet final would change the letter's payoff amount. */
export interface DebitEffect {
  readonly debit: OpenDebit;
  /**
   * `lowers`: collected on or before the good-through date, it lowers the payoff by `changeCents`;
   * `raises`: already counted, a return would raise it by `changeCents`;
   * `after`: scheduled after the good-through date — it does not change this figure; once the loan is
   * paid off it should be canceled (else it is refunded).
   */
  readonly effect: DebitEffectKind;
  /** Size of the change (positive; 0 for `after`). */
  readonly changeCents: Cents;
  /** The payoff amount if the change happens. */
  readonly payoffIfCents: Cents;
}

/** The payoff letter's figures. */
export interface PayoffLetterFigures {
  /** The date the payoff amount is good through (funds received by then close the loan). */
  readonly goodThrough: IsoDate;
  /** Amount that closes the loan on the good-through date. */
  readonly payoffCents: Cents;
  readonly principalCents: Cents;
  readonly interestCents: Cents;
  readonly feesCents: Cents;
  /** Interest to add per day the funds arrive after the good-through date (in the period in progress). */
  readonly perDiemCents: Cents;
  /** Debits not yet final and what each would do to the payoff amount, by date. */
  readonly debits: readonly DebitEffect[];
}

/**
 * The payoff letter for `goodThrough` (on or after the disbursement date), from the loan's contract and
 * stored ledger entries and its debits not yet final. A scheduled debit dated on or before the date is
 * replayed as a payment on its date; a pending debit as returned on the date.
 */
export function payoffLetterFigures(
  schedule: LoanSchedule,
  entries: readonly LedgerEntry[],
  openDebits: readonly OpenDebit[],
  goodThrough: IsoDate,
): PayoffLetterFigures {
  if (goodThrough < schedule.terms.disbursementDate) throw new RangeError('the good-through date is before the disbursement date');
  const position = positionAsOf(schedule, entries, goodThrough);
  const quote = payoff(position.ledger, goodThrough);
  const base = position.outstandingCents;
  const nextId = entries.reduce((m, e) => Math.max(m, e.id), 0) + 1;
  const debits = [...openDebits]
    .sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : a.id - b.id))
    .map((debit): DebitEffect => {
      if (debit.status === 'pending' && debit.ledgerEntryId != null && entries.some((e) => e.id === debit.ledgerEntryId)) {
        const returned = positionAsOf(
          schedule,
          [...entries, { id: nextId, kind: 'reversal', effectiveDate: goodThrough, amountCents: debit.amountCents, reversesEntryId: debit.ledgerEntryId }],
          goodThrough,
        );
        return { debit, effect: 'raises', changeCents: cents(returned.outstandingCents - base), payoffIfCents: returned.outstandingCents };
      }
      if (debit.status === 'scheduled' && debit.date <= goodThrough) {
        const paid = positionAsOf(
          schedule,
          [...entries, { id: nextId, kind: 'one_time_payment', effectiveDate: debit.date, amountCents: debit.amountCents }],
          goodThrough,
        );
        return { debit, effect: 'lowers', changeCents: cents(base - paid.outstandingCents), payoffIfCents: paid.outstandingCents };
      }
      return { debit, effect: 'after', changeCents: cents(0), payoffIfCents: base };
    });
  return {
    goodThrough,
    payoffCents: base,
    principalCents: quote.principalCents,
    interestCents: quote.interestCents,
    feesCents: quote.feesCents,
    perDiemCents: quote.perDiemCents,
    debits,
  };
}
