/**
 * What the daily run needs to know of a loan on a business date, derived from its ledger entries (never
 * stored), on top of the ledger's ONE derivation ({@link positionAsOf} of loan/ledger.ts): payoff, days
 * past due, the past-due installments as the late-fee rule reads them, and the installments that
 * already carry a late fee.
 */
import type { IsoDate } from '../dates';
import { entriesToEvents, PAYMENT_KINDS, positionAsOf } from '../loan/ledger';
import type { LedgerEntry, LedgerEntryKind, LoanPosition } from '../loan/ledger';
import type { InstallmentDue } from '../loan/servicing';
import type { LoanSchedule } from '../loan/schedule';
import type { Cents } from '../money';
import type { InstallmentForLateFee } from './late-fee';

/** Ledger entry kinds (as stored). */
export type EntryKind = LedgerEntryKind;

/** A ledger entry as the snapshot reads it. */
export type PostedEntry = LedgerEntry;

/** True for an entry that brings money in (a payment of any kind). */
export const isPaymentKind = (kind: EntryKind): boolean => PAYMENT_KINDS.has(kind);

/** A loan on a business date. */
export interface ServicingSnapshot {
  /** The ledger's derived position. */
  readonly position: LoanPosition;
  /** Amount that closes the loan on the date (principal + earned interest + fees). */
  readonly payoffCents: Cents;
  /** Past-due installments with something unpaid, oldest first. */
  readonly pastDue: readonly InstallmentDue[];
  /** Days past due (from the oldest installment with anything unpaid). */
  readonly daysPastDue: number;
  /** Installments as the late-fee rule reads them (fees apart: a late fee never makes another). */
  readonly forLateFee: readonly InstallmentForLateFee[];
  /** Installments that already carry a late fee (not waived). */
  readonly lateFeeAssessed: ReadonlySet<number>;
  /** Money received and not reversed, less refunds. */
  readonly paidCents: Cents;
}

/** The snapshot of a loan on `date` from its schedule and ledger entries. */
export function servicingSnapshot(schedule: LoanSchedule, entries: readonly PostedEntry[], date: IsoDate): ServicingSnapshot {
  const position = positionAsOf(schedule, entries, date);
  const lateFeeAssessed = new Set<number>();
  for (const e of entriesToEvents(entries, date).included) if (e.kind === 'late_fee' && e.installmentN != null) lateFeeAssessed.add(e.installmentN);
  const pastDue = position.ledger.pastDue;
  return {
    position,
    payoffCents: position.outstandingCents,
    pastDue,
    daysPastDue: position.daysPastDue,
    forLateFee: pastDue.map((i) => ({
      n: i.n,
      dueDate: i.dueDate,
      scheduledCents: schedule.rows[i.n - 1]?.paymentCents ?? schedule.regularPaymentCents,
      unpaidCents: i.interestCents + i.principalCents,
    })),
    lateFeeAssessed,
    paidCents: position.paidCents,
  };
}
