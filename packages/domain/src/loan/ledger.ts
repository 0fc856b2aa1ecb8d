/**
 * The servicing ledger as stored: append-only entries (disbursement, payments of every source, fees,
 * reversals, waivers, refunds) turned into the events of {@link replay} and into the derived position of
 * a loan as of a date. Nothing here is ever edited: a returned payment is REMOVED from the replay as of
 * its return date (a `reversal` entry names it) and the state recomputed; a waived fee likewise; a
 * refund pays back money received beyond the payoff (unapplied). A reversal of the `disbursement` entry
 * cancels the loan (its money never reached the borrower): from its date nothing is owed. A reversal of a
 * `refund` entry (the borrower's bank returned the ACH credit that paid it back) removes the refund as of
 * its date: the credit is on the loan again.
 *
 * Balances are derived, never stored: principal, payoff (outstanding), paid amount, installments paid
 * and remaining, next due date, days past due, and the status the rules give (see {@link deriveStatus}).
 */
import { cents } from '../money';
import type { Cents } from '../money';
import { diffDays } from '../dates';
import type { IsoDate } from '../dates';
import { accrue, allocatePayment, assessFee, openLedger, payoff, projectRemainingSchedule } from './servicing';
import type { Allocation, Ledger, LoanEvent } from './servicing';
import type { LoanSchedule } from './schedule';
import type { LedgerKind, LoanStatus } from './statuses';

/** Kinds of ledger entries (`LEDGER_KINDS` of ./statuses). Payment kinds add money to the loan; `refund` pays unapplied money back. */
export type LedgerEntryKind = LedgerKind;

export const PAYMENT_KINDS: ReadonlySet<LedgerEntryKind> = new Set(['scheduled_debit', 'one_time_payment', 'payroll_remittance', 'payoff']);
export const FEE_KINDS: ReadonlySet<LedgerEntryKind> = new Set(['late_fee']);
/**
 * Charge-off (docs/collections.md): the loan book writes one `charge_off` entry per component still owed
 * on the charge-off day (`reasonCode` names it: {@link CHARGE_OFF_COMPONENTS}); from that day nothing is
 * collectible on the books, and money received is a `recovery` against the charged-off amount (never beyond it).
 */
export const CHARGE_OFF_COMPONENTS = ['principal', 'interest', 'fees', 'refund_owed'] as const;
export type ChargeOffComponent = (typeof CHARGE_OFF_COMPONENTS)[number];

/** A stored ledger entry (what the domain needs of it). Amounts are positive; the kind gives the direction. */
export interface LedgerEntry {
  readonly id: number;
  readonly kind: LedgerEntryKind;
  readonly effectiveDate: IsoDate;
  readonly amountCents: number;
  /** Reversal / waiver: the entry it undoes. */
  readonly reversesEntryId?: number | null;
  /** Fees: the installment the fee is attached to. */
  readonly installmentN?: number | null;
  /** Charge-off: the component it charges off ({@link ChargeOffComponent}). */
  readonly reasonCode?: string | null;
}

/** A payment entry and how it was applied, as of the position's date. */
export interface PaymentOutcome {
  readonly entry: LedgerEntry;
  /** The allocation; `null` when the payment was returned (reversed) on or before the as-of date. */
  readonly allocation: Allocation | null;
  /** Return date when reversed (on or before the as-of date). */
  readonly returnedOn: IsoDate | null;
}

/** Status thresholds (configuration). Charge-off at 120 days past due for closed-end consumer credit. */
export interface StatusThresholds {
  /** Days past due at which a loan is in default. */
  readonly defaultDays: number;
  /** Days past due at which a loan is charged off. */
  readonly chargeOffDays: number;
}
export const DEFAULT_STATUS_THRESHOLDS: StatusThresholds = { defaultDays: 60, chargeOffDays: 120 };

/** The derived position of a loan as of a date. */
export interface LoanPosition {
  readonly asOf: IsoDate;
  readonly ledger: Ledger;
  /** Outstanding principal. */
  readonly principalCents: Cents;
  /** Payoff quote as of the date (what closes the loan that day). */
  readonly outstandingCents: Cents;
  /** Money received and not reversed, less refunds. */
  readonly paidCents: Cents;
  /** Received beyond the payoff and not yet refunded (owed back to the borrower). */
  readonly unappliedCents: Cents;
  /**
   * Refunded money the borrower owes back: a credit was refunded, then the payment that made it came
   * back (an ACH return). Part of `outstandingCents`; paid by any payment beyond the loan's own payoff.
   */
  readonly refundOwedCents: Cents;
  /** Number of payments posted and not reversed. */
  readonly paymentCount: number;
  /** Installments that fell due and are fully paid (with a prepaid loan closed early: those that fell due). */
  readonly installmentsPaid: number;
  /** Installments past due or still to come (re-amortised after prepayments). */
  readonly remainingTerms: number;
  /** Oldest unpaid due date, else the due date of the installment in progress; null once closed. */
  readonly nextDueDate: IsoDate | null;
  /** Days since the oldest unpaid due date (0 when current). */
  readonly daysPastDue: number;
  /** Principal, interest and fees all zero. */
  readonly closed: boolean;
  /** Each payment entry, in replay order, with its allocation (or its return). */
  readonly payments: readonly PaymentOutcome[];
  /** Fees that fell on a loan already closed on their date (not owed). */
  readonly voidFeeCount: number;
  /** The charge-off, when the loan is charged off as of the date (else null): see {@link ChargeOffPosition}. */
  readonly chargeOff: ChargeOffPosition | null;
}

/**
 * A charged-off loan as of a date: nothing is collectible on the books (`outstandingCents` 0, `closed`),
 * but what was charged off and what is still recoverable is known.
 */
export interface ChargeOffPosition {
  /** The charge-off day (the date of its entries). */
  readonly date: IsoDate;
  /** Sum of the charge-off entries, by component. */
  readonly chargedOffCents: Cents;
  readonly components: Readonly<Record<ChargeOffComponent, Cents>>;
  /**
   * Payments made before the charge-off and returned after it (an ACH return): the charge-off counted them
   * as paid, so that much more is recoverable.
   */
  readonly returnedAfterCents: Cents;
  /** Recoveries received and not reversed as of the date. */
  readonly recoveredCents: Cents;
  /** What can still be recovered: charged off + returned after − recovered, never below zero. */
  readonly recoverableCents: Cents;
}

function byDateThenId(a: LedgerEntry, b: LedgerEntry): number {
  return a.effectiveDate < b.effectiveDate ? -1 : a.effectiveDate > b.effectiveDate ? 1 : a.id - b.id;
}

/**
 * Entries → replay events as of `asOf`: payments and fees dated on or before it, less those a reversal
 * or waiver dated on or before it undoes (the returned payment is removed from the replay; the state is
 * recomputed as if it had never been made). Later entries are ignored.
 */
export function entriesToEvents(
  entries: readonly LedgerEntry[],
  asOf: IsoDate,
): { events: LoanEvent[]; included: LedgerEntry[]; undone: Map<number, IsoDate> } {
  const undone = new Map<number, IsoDate>();
  for (const e of entries) {
    if ((e.kind === 'reversal' || e.kind === 'waiver') && e.effectiveDate <= asOf && e.reversesEntryId != null) undone.set(e.reversesEntryId, e.effectiveDate);
  }
  const included: LedgerEntry[] = [];
  const events: LoanEvent[] = [];
  for (const e of [...entries].sort(byDateThenId)) {
    if (e.effectiveDate > asOf || undone.has(e.id)) continue;
    if (PAYMENT_KINDS.has(e.kind)) {
      included.push(e);
      events.push({ kind: 'payment', date: e.effectiveDate, amountCents: e.amountCents });
    } else if (FEE_KINDS.has(e.kind)) {
      included.push(e);
      events.push(
        e.installmentN != null
          ? { kind: 'fee', date: e.effectiveDate, amountCents: e.amountCents, installment: e.installmentN }
          : { kind: 'fee', date: e.effectiveDate, amountCents: e.amountCents },
      );
    }
  }
  return { events, included, undone };
}

/**
 * Refunds paid out as of `asOf` (dated on or before it), less those `undone` as of it: a refund whose ACH
 * credit the borrower's bank returned (a `reversal` naming it) paid nothing back, its credit is owed again.
 */
export function refundedAsOf(entries: readonly LedgerEntry[], undone: ReadonlyMap<number, IsoDate>, asOf: IsoDate): number {
  let refunded = 0;
  for (const e of entries) if (e.kind === 'refund' && e.effectiveDate <= asOf && !undone.has(e.id)) refunded += e.amountCents;
  return refunded;
}

/** Replays the stored entries and derives every balance of the loan as of `asOf` (≥ the disbursement date). */
export function positionAsOf(schedule: LoanSchedule, entries: readonly LedgerEntry[], asOf: IsoDate): LoanPosition {
  const chargeOffDate = chargeOffDateOf(entries, asOf);
  if (chargeOffDate !== null) return chargedOffPosition(schedule, entries, chargeOffDate, asOf);
  return openPosition(schedule, entries, asOf);
}

/** The charge-off day of the loan as of `asOf` (its first charge-off entry dated on or before it), else null. */
export function chargeOffDateOf(entries: readonly LedgerEntry[], asOf: IsoDate): IsoDate | null {
  let date: IsoDate | null = null;
  for (const e of entries) if (e.kind === 'charge_off' && e.effectiveDate <= asOf && (date === null || e.effectiveDate < date)) date = e.effectiveDate;
  return date;
}

/**
 * What the loan book charges off on `date`: every component of the payoff of that day, by component (their
 * sum is `position.outstandingCents`). Zero components are left out (the ledger holds positive amounts only).
 */
export function chargeOffComponents(position: LoanPosition): { component: ChargeOffComponent; amountCents: Cents }[] {
  if (position.chargeOff) return [];
  const quote = payoff(position.ledger, position.asOf);
  const parts: [ChargeOffComponent, number][] = [
    ['principal', quote.principalCents],
    ['interest', quote.interestCents],
    ['fees', quote.feesCents],
    ['refund_owed', position.refundOwedCents],
  ];
  return parts.filter(([, c]) => c > 0).map(([component, c]) => ({ component, amountCents: cents(c) }));
}

/**
 * The position of a loan charged off on `chargeOffDate` (≤ `asOf`). Balances are those of the charge-off
 * entries: nothing is collectible (outstanding 0, closed), no interest accrues, no fee is owed. Payments
 * are those of the replay as of `asOf` restricted to entries dated up to the charge-off day (a payment
 * entry dated later is counted as a recovery); `daysPastDue` keeps counting from the oldest unpaid due
 * date (credit reporting reads it).
 */
function chargedOffPosition(schedule: LoanSchedule, entries: readonly LedgerEntry[], chargeOffDate: IsoDate, asOf: IsoDate): LoanPosition {
  // "After the charge-off" is the ledger's order, not only the date: an entry dated on the charge-off day but
  // posted after its entries (a remittance or a return of that day, read later) was not counted by it.
  let firstOff = Number.POSITIVE_INFINITY;
  for (const e of entries) if (e.kind === 'charge_off' && e.effectiveDate === chargeOffDate && e.id < firstOff) firstOff = e.id;
  const postedAfter = (e: LedgerEntry) => e.effectiveDate > chargeOffDate || e.id > firstOff;
  const undoneBy = new Map<number, LedgerEntry>();
  for (const e of entries) {
    if ((e.kind === 'reversal' || e.kind === 'waiver') && e.effectiveDate <= asOf && e.reversesEntryId != null) undoneBy.set(e.reversesEntryId, e);
  }
  const isRecovery = (e: LedgerEntry) => e.kind === 'recovery' || (PAYMENT_KINDS.has(e.kind) && postedAfter(e));
  const before = entries.filter((e) => e.kind !== 'charge_off' && !isRecovery(e) && !(e.kind === 'refund' && postedAfter(e)));
  const base = openPosition(schedule, before, asOf);
  const components: Record<ChargeOffComponent, number> = { principal: 0, interest: 0, fees: 0, refund_owed: 0 };
  let chargedOff = 0;
  let recovered = 0;
  let returnedAfter = 0;
  let refundedAfter = 0;
  for (const e of entries) {
    if (e.effectiveDate > asOf) continue;
    const undoneByEntry = undoneBy.get(e.id);
    if (e.kind === 'charge_off') {
      chargedOff += e.amountCents;
      const c = (CHARGE_OFF_COMPONENTS as readonly string[]).includes(e.reasonCode ?? '') ? (e.reasonCode as ChargeOffComponent) : 'principal';
      components[c] += e.amountCents;
    } else if (isRecovery(e)) {
      if (!undoneByEntry) recovered += e.amountCents;
    } else if (PAYMENT_KINDS.has(e.kind) && undoneByEntry && postedAfter(undoneByEntry)) {
      // A payment the charge-off counted as paid, returned after it: owed again.
      returnedAfter += e.amountCents;
    } else if (e.kind === 'refund' && postedAfter(e) && !undoneByEntry) {
      refundedAfter += e.amountCents;
    }
  }
  const owed = chargedOff + returnedAfter;
  // Money beyond what was owed after the charge-off is a credit; a refund since pays it back. A refund larger than
  // the credit is today (the credit it paid back was later owed again: a payment the charge-off counted returned
  // after it) is money the borrower has back, so it is owed again too.
  const credit = base.unappliedCents + Math.max(0, recovered - owed) - refundedAfter;
  const zero = cents(0);
  return {
    ...base,
    ledger: { schedule, asOf, principalCents: zero, pastDue: [], current: null },
    principalCents: zero,
    outstandingCents: zero,
    refundOwedCents: zero,
    paidCents: cents(base.paidCents + recovered),
    unappliedCents: cents(Math.max(0, credit)),
    remainingTerms: 0,
    nextDueDate: null,
    closed: true,
    chargeOff: {
      date: chargeOffDate,
      chargedOffCents: cents(chargedOff),
      components: {
        principal: cents(components.principal),
        interest: cents(components.interest),
        fees: cents(components.fees),
        refund_owed: cents(components.refund_owed),
      },
      returnedAfterCents: cents(returnedAfter),
      recoveredCents: cents(recovered),
      recoverableCents: cents(Math.max(0, owed - recovered) + Math.max(0, -credit)),
    },
  };
}

/** {@link positionAsOf} of a loan that is not charged off. */
function openPosition(schedule: LoanSchedule, entries: readonly LedgerEntry[], asOf: IsoDate): LoanPosition {
  const { events, included, undone } = entriesToEvents(entries, asOf);
  // A reversed disbursement: the loan was canceled, its money never reached the borrower.
  if (undone.size > 0 && entries.some((e) => e.kind === 'disbursement' && undone.has(e.id))) return canceledPosition(schedule, entries, included, undone, asOf);
  const { ledger, allocations, voidFees } = replayTolerant(schedule, events, asOf);
  const quote = payoff(ledger, asOf);
  const payments: PaymentOutcome[] = [];
  let k = 0;
  let received = 0;
  let unapplied = 0;
  for (const e of included) {
    if (!PAYMENT_KINDS.has(e.kind)) continue;
    const allocation = allocations[k++] ?? null;
    payments.push({ entry: e, allocation, returnedOn: null });
    received += e.amountCents;
    unapplied += allocation?.unappliedCents ?? 0;
  }
  for (const e of entries) {
    if (PAYMENT_KINDS.has(e.kind) && undone.has(e.id)) payments.push({ entry: e, allocation: null, returnedOn: undone.get(e.id) ?? null });
  }
  payments.sort((a, b) => byDateThenId(a.entry, b.entry));
  const refunded = refundedAsOf(entries, undone, asOf);
  // A credit refunded and then taken back (the payment that made it came back from the bank after the
  // refund): the refunded money is owed again, on top of the loan's own payoff — never a position that
  // cannot be derived from stored entries.
  const owedBack = Math.max(0, refunded - unapplied);

  const count = schedule.terms.numberOfPayments;
  const remaining = ledger.pastDue.length + projectRemainingSchedule(ledger).length;
  const fallenDue = ledger.current ? ledger.current.n - 1 : schedule.dueDates.filter((d) => d <= asOf).length;
  const installmentsPaid = Math.max(0, Math.min(count, fallenDue) - ledger.pastDue.length);
  const oldest = ledger.pastDue[0];
  const outstanding = quote.payoffCents + owedBack;
  const closed = outstanding === 0;
  return {
    asOf,
    ledger,
    principalCents: ledger.principalCents,
    outstandingCents: cents(outstanding),
    refundOwedCents: cents(owedBack),
    paidCents: cents(received - refunded),
    unappliedCents: cents(Math.max(0, unapplied - refunded)),
    paymentCount: included.filter((e) => PAYMENT_KINDS.has(e.kind)).length,
    installmentsPaid: closed ? Math.min(count, Math.max(installmentsPaid, fallenDue)) : installmentsPaid,
    remainingTerms: closed ? 0 : remaining,
    nextDueDate: oldest?.dueDate ?? ledger.current?.dueDate ?? null,
    daysPastDue: oldest ? diffDays(oldest.dueDate, asOf) : 0,
    closed,
    payments,
    voidFeeCount: voidFees,
    chargeOff: null,
  };
}

/**
 * The position of a loan whose disbursement is reversed as of `asOf` (a `reversal` entry naming the
 * `disbursement` entry: the ACH credit came back and the servicer canceled the loan — docs/servicing-operations.md,
 * "Returned disbursements"). From the reversal's date nothing was lent, so nothing is owed: no principal,
 * interest or fee. Money received and not reversed (normally none: payments are refused while the loan
 * waits for its money) is unapplied, a credit owed back to the borrower; a refund beyond it is owed again.
 * Before the reversal's date the loan replays as usual (history stays true for past dates).
 */
function canceledPosition(
  schedule: LoanSchedule,
  entries: readonly LedgerEntry[],
  included: readonly LedgerEntry[],
  undone: ReadonlyMap<number, IsoDate>,
  asOf: IsoDate,
): LoanPosition {
  const payments: PaymentOutcome[] = [];
  let received = 0;
  let voidFees = 0;
  for (const e of included) {
    if (FEE_KINDS.has(e.kind)) {
      voidFees++;
      continue;
    }
    received += e.amountCents;
    const nothing = cents(0);
    const allocation: Allocation = {
      date: e.effectiveDate,
      amountCents: cents(e.amountCents),
      feesCents: nothing,
      interestCents: nothing,
      principalCents: nothing,
      prepaidPrincipalCents: nothing,
      unappliedCents: cents(e.amountCents),
      installments: [],
    };
    payments.push({ entry: e, allocation, returnedOn: null });
  }
  for (const e of entries) {
    if (PAYMENT_KINDS.has(e.kind) && undone.has(e.id)) payments.push({ entry: e, allocation: null, returnedOn: undone.get(e.id) ?? null });
  }
  payments.sort((a, b) => byDateThenId(a.entry, b.entry));
  const refunded = refundedAsOf(entries, undone, asOf);
  const owedBack = Math.max(0, refunded - received);
  return {
    asOf,
    ledger: { schedule, asOf, principalCents: cents(0), pastDue: [], current: null },
    principalCents: cents(0),
    outstandingCents: cents(owedBack),
    refundOwedCents: cents(owedBack),
    paidCents: cents(received - refunded),
    unappliedCents: cents(Math.max(0, received - refunded)),
    paymentCount: included.filter((e) => PAYMENT_KINDS.has(e.kind)).length,
    installmentsPaid: 0,
    remainingTerms: 0,
    nextDueDate: null,
    daysPastDue: 0,
    closed: owedBack === 0,
    payments,
    voidFeeCount: voidFees,
    chargeOff: null,
  };
}

/**
 * {@link replay} for stored entries, which must never fail to replay: a fee whose installment is no
 * longer open once a return or a back-dated payment was taken into account moves to the oldest open
 * installment; on a loan already closed on that date it is not owed (counted in `voidFeeCount`). An
 * entry dated before the disbursement date counts on the disbursement date.
 */
function replayTolerant(schedule: LoanSchedule, events: readonly LoanEvent[], asOf: IsoDate): { ledger: Ledger; allocations: Allocation[]; voidFees: number } {
  let ledger = openLedger(schedule);
  const allocations: Allocation[] = [];
  let voidFees = 0;
  const start = schedule.terms.disbursementDate;
  for (const raw of events) {
    // Money can only move once the loan exists: an entry dated earlier counts from the disbursement date.
    const e = raw.date < start ? { ...raw, date: start } : raw;
    if (e.kind === 'payment') {
      const r = allocatePayment(ledger, e.date, e.amountCents);
      ledger = r.ledger;
      allocations.push(r.allocation);
      continue;
    }
    const rolled = accrue(ledger, e.date).ledger;
    const open = (n: number) => rolled.pastDue.some((i) => i.n === n) || rolled.current?.n === n;
    if (e.installment !== undefined && open(e.installment)) ledger = assessFee(ledger, e.date, e.amountCents, e.installment);
    else if (rolled.pastDue.length > 0 || rolled.current) ledger = assessFee(ledger, e.date, e.amountCents);
    else voidFees++;
  }
  return { ledger: accrue(ledger, asOf).ledger, allocations, voidFees };
}

/** A loan's status (`LOAN_STATUSES` of ./statuses). */
export type ServicingStatus = LoanStatus;

/**
 * The status the rules give a funded loan: closed_paid when nothing is owed; charge_off from
 * `chargeOffDays` past due; default from `defaultDays`; else opened. closed_refinanced and charge_off
 * are terminal — a charged-off loan that is later paid stays charged off on the books; pending (not
 * funded yet) is left to the funding flow. closed_paid stays while nothing is owed, and reopens (by the
 * same days-past-due rules) when something is owed again: a payment that closed it came back (a late
 * ACH return of the payoff, e.g. R10 within 60 days).
 */
export function deriveStatus(
  current: ServicingStatus,
  position: Pick<LoanPosition, 'closed' | 'daysPastDue'>,
  thresholds: StatusThresholds = DEFAULT_STATUS_THRESHOLDS,
): ServicingStatus {
  if (current === 'closed_refinanced' || current === 'charge_off' || current === 'pending') return current;
  if (position.closed) return 'closed_paid';
  if (position.daysPastDue >= thresholds.chargeOffDays) return 'charge_off';
  if (position.daysPastDue >= thresholds.defaultDays) return 'default';
  return 'opened';
}
