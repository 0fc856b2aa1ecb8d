import type { IsoDate } from '@payrail/domain/dates';
import { PAYMENT_KINDS, positionAsOf } from '@payrail/domain/loan/ledger';
import type { LoanPosition } from '@payrail/domain/loan/ledger';
import type { LoanSchedule } from '@payrail/domain/loan/schedule';
import type { LedgerEntryRow, TransactionRow } from '../repository';
import { toDomainEntry } from './loan-position';

/**
 * The part of the credit that may be paid back now: the credit as the ledger gives it, but never money
 * from a debit still in flight (an ACH debit posted when sent, `pending` until its return window passed):
 * a refund of money that then comes back would leave refunds above what was received.
 */
export function refundable(
  schedule: LoanSchedule,
  entries: readonly LedgerEntryRow[],
  txs: readonly TransactionRow[],
  asOf: IsoDate,
): { position: LoanPosition; refundableCents: number } {
  const position = positionAsOf(schedule, entries.map(toDomainEntry), asOf);
  if (position.unappliedCents <= 0) return { position, refundableCents: 0 };
  const inFlight = new Set(txs.filter((t) => t.status === 'pending' || t.status === 'scheduled').map((t) => t.id));
  const settled = entries.filter((e) => !(PAYMENT_KINDS.has(e.kind) && e.transactionId !== null && inFlight.has(e.transactionId)));
  if (settled.length === entries.length) return { position, refundableCents: position.unappliedCents };
  try {
    return {
      position,
      refundableCents: Math.max(0, Math.min(position.unappliedCents, positionAsOf(schedule, settled.map(toDomainEntry), asOf).unappliedCents)),
    };
  } catch {
    return { position, refundableCents: 0 }; // refunds already above the settled money: nothing more now
  }
}
