/**
 * What the daily run needs to know of a loan on a business date, derived from its ledger entries (never
 * stored): the entries become servicing events (payments not reversed, late fees not waived), replayed
 * through the loan engine's ONE accrual ({@link replay} / {@link payoff} of loan/servicing.ts).
 */
import type { IsoDate } from '../dates';
import { payoff, replay } from '../loan/servicing';
import type { InstallmentDue, LoanEvent } from '../loan/servicing';
import type { LoanSchedule } from '../loan/schedule';
import type { Cents } from '../money';
import { daysPastDue } from './status';
import type { InstallmentForLateFee } from './late-fee';

/** Ledger entry kinds (as stored). */
export type EntryKind = 'disbursement' | 'scheduled_debit' | 'one_time_payment' | 'payroll_remittance' | 'payoff' | 'reversal' | 'late_fee' | 'waiver' | 'refund';

/** A ledger entry as the snapshot reads it. */
export interface PostedEntry {
  readonly id: number;
  readonly kind: EntryKind;
  readonly effectiveDate: IsoDate;
  readonly amountCents: number;
  readonly reversesEntryId: number | null;
  readonly installmentN: number | null;
}

const PAYMENT_KINDS: ReadonlySet<EntryKind> = new Set(['scheduled_debit', 'one_time_payment', 'payroll_remittance', 'payoff']);

/** True for an entry that brings money in (a payment of any kind). */
export const isPaymentKind = (kind: EntryKind): boolean => PAYMENT_KINDS.has(kind);

/**
 * The servicing events of a ledger up to `asOf`: every payment not reversed, every late fee not waived,
 * in effective-date order (ties by entry id). A reversal or waiver takes the entry it names out entirely.
 */
export function eventsFromEntries(entries: readonly PostedEntry[], asOf: IsoDate): LoanEvent[] {
  const undone = new Set<number>();
  for (const e of entries) if ((e.kind === 'reversal' || e.kind === 'waiver') && e.reversesEntryId !== null && e.effectiveDate <= asOf) undone.add(e.reversesEntryId);
  return [...entries]
    .filter((e) => e.effectiveDate <= asOf && !undone.has(e.id))
    .sort((a, b) => (a.effectiveDate < b.effectiveDate ? -1 : a.effectiveDate > b.effectiveDate ? 1 : a.id - b.id))
    .flatMap((e): LoanEvent[] => {
      if (isPaymentKind(e.kind)) return [{ kind: 'payment', date: e.effectiveDate, amountCents: e.amountCents }];
      if (e.kind === 'late_fee') return [{ kind: 'fee', date: e.effectiveDate, amountCents: e.amountCents, ...(e.installmentN !== null ? { installment: e.installmentN } : {}) }];
      return [];
    });
}

/** A loan on a business date. */
export interface ServicingSnapshot {
  /** Amount that closes the loan on the date (principal + earned interest + fees). */
  readonly payoffCents: Cents;
  /** Past-due installments with something unpaid, oldest first. */
  readonly pastDue: readonly InstallmentDue[];
  /** Due date of the oldest installment with principal or interest unpaid (fees alone do not make a loan past due). */
  readonly oldestUnpaidDueDate: IsoDate | null;
  /** Days past due. */
  readonly daysPastDue: number;
  /** Installments as the late-fee rule reads them. */
  readonly forLateFee: readonly InstallmentForLateFee[];
  /** Installments that already carry a late fee (not waived). */
  readonly lateFeeAssessed: ReadonlySet<number>;
  /** Sum of the payments applied (reversals excluded). */
  readonly paidCents: Cents;
}

/** The snapshot of a loan on `date` from its schedule and ledger entries. */
export function servicingSnapshot(schedule: LoanSchedule, entries: readonly PostedEntry[], date: IsoDate): ServicingSnapshot {
  const events = eventsFromEntries(entries, date);
  const { ledger } = replay(schedule, events, date);
  const quote = payoff(ledger, date);
  const unpaid = ledger.pastDue.filter((i) => i.interestCents + i.principalCents > 0);
  const oldest = unpaid[0]?.dueDate ?? null;
  const lateFeeAssessed = new Set<number>();
  for (const e of events) if (e.kind === 'fee' && e.installment !== undefined) lateFeeAssessed.add(e.installment);
  let paid = 0;
  for (const e of events) if (e.kind === 'payment') paid += e.amountCents;
  return {
    payoffCents: quote.payoffCents,
    pastDue: ledger.pastDue,
    oldestUnpaidDueDate: oldest,
    daysPastDue: daysPastDue(oldest, date),
    forLateFee: ledger.pastDue.map((i) => ({
      n: i.n,
      dueDate: i.dueDate,
      scheduledCents: schedule.rows[i.n - 1]?.paymentCents ?? schedule.regularPaymentCents,
      unpaidCents: i.interestCents + i.principalCents,
    })),
    lateFeeAssessed,
    paidCents: paid as Cents,
  };
}
