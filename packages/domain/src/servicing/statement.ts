/**
 * Periodic statements: the monthly statement of a loan (period = calendar month) and its year-end
 * summary, computed from the loan's schedule of record and its stored ledger entries — the same replay
 * ({@link positionAsOf}) as every balance, payoff and payment history, so the statement IS the ledger.
 *
 * Cumulative totals as of a date D ({@link totalsAsOf}), each from the position as of D (what was known
 * on D: a payment returned later still counts on D):
 * - disbursed  = the note principal (0 before the disbursement date and once the disbursement is reversed);
 * - principal / interest / fees paid = Σ over the payments not returned of their allocation;
 * - interest / fees charged = paid + still unpaid (past-due installments and the period in progress);
 * - received = payments not returned; refunded = refunds paid back;
 * - balance (signed; below zero is a credit owed back) = payoff − credit balance.
 * These satisfy, to the cent, balance = disbursed + interest charged + fees charged − received + refunded.
 *
 * A period's figures are the difference of the totals at its end and the day before its start: paid in
 * the period, charged in the period (interest charged includes what a return recomputed), opening and
 * closing balance. Its activity lines are the ledger entries dated in the period, each with its effect
 * on the balance; the statement reconciles: opening + Σ line effects + interest charged + fee adjustment
 * (+ other adjustments, only from entry kinds this module does not know) = closing.
 */
import { addDays, makeIsoDate, toParts } from '../dates';
import type { IsoDate } from '../dates';
import { entriesToEvents, PAYMENT_KINDS, positionAsOf, refundedAsOf } from '../loan/ledger';
import type { LedgerEntry, LoanPosition } from '../loan/ledger';
import type { LoanSchedule } from '../loan/schedule';
import { payoff, projectRemainingSchedule } from '../loan/servicing';
import { cents, formatUsd } from '../money';
import type { Cents } from '../money';

/** A statement period: a calendar month (or a calendar year for the year-end summary), both ends included. */
export interface StatementPeriod {
  readonly start: IsoDate;
  readonly end: IsoDate;
}

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'] as const;

/** The calendar month `month` (1–12) of `year`. */
export function monthPeriod(year: number, month: number): StatementPeriod {
  const start = makeIsoDate(year, month, 1);
  const next = month === 12 ? makeIsoDate(year + 1, 1, 1) : makeIsoDate(year, month + 1, 1);
  return { start, end: addDays(next, -1) };
}

/** The calendar year `year`. */
export function yearPeriod(year: number): StatementPeriod {
  return { start: makeIsoDate(year, 1, 1), end: makeIsoDate(year, 12, 31) };
}

/** The month containing `date`. */
export function monthOf(date: IsoDate): StatementPeriod {
  const p = toParts(date);
  return monthPeriod(p.year, p.month);
}

/** The last calendar month that ended before `date` (the statement period a run on `date` may produce). */
export function lastClosedMonth(date: IsoDate): StatementPeriod {
  return monthOf(addDays(monthOf(date).start, -1));
}

/** "October 2027" (a month) or "2027" (a year). */
export function periodLabel(period: StatementPeriod): string {
  const s = toParts(period.start);
  const e = toParts(period.end);
  if (s.month === 1 && s.day === 1 && e.month === 12 && e.day === 31 && s.year === e.year) return String(s.year);
  return `${MONTHS[s.month - 1] ?? ''} ${String(s.year)}`;
}

/** Cumulative money of a loan as of a date (see the module doc). */
export interface LoanTotals {
  readonly asOf: IsoDate;
  readonly disbursedCents: Cents;
  readonly principalPaidCents: Cents;
  readonly interestPaidCents: Cents;
  readonly feesPaidCents: Cents;
  readonly interestChargedCents: Cents;
  readonly feesChargedCents: Cents;
  readonly receivedCents: Cents;
  readonly refundedCents: Cents;
  /** Payoff less credit balance: what the borrower owes (negative: owed to the borrower). */
  readonly balanceCents: Cents;
  /** Outstanding principal. */
  readonly principalBalanceCents: Cents;
  /** The position (null before the disbursement date). */
  readonly position: LoanPosition | null;
}

const ZERO_TOTALS = (asOf: IsoDate): LoanTotals => ({
  asOf,
  disbursedCents: cents(0),
  principalPaidCents: cents(0),
  interestPaidCents: cents(0),
  feesPaidCents: cents(0),
  interestChargedCents: cents(0),
  feesChargedCents: cents(0),
  receivedCents: cents(0),
  refundedCents: cents(0),
  balanceCents: cents(0),
  principalBalanceCents: cents(0),
  position: null,
});

/** Σ of the allocations of the payments not returned, and what they brought in. */
function paidOf(position: LoanPosition): { principal: number; interest: number; fees: number; received: number } {
  const out = { principal: 0, interest: 0, fees: 0, received: 0 };
  for (const p of position.payments) {
    if (!p.allocation) continue;
    out.principal += p.allocation.principalCents + p.allocation.prepaidPrincipalCents;
    out.interest += p.allocation.interestCents;
    out.fees += p.allocation.feesCents;
    out.received += p.entry.amountCents;
  }
  return out;
}

/** True when the disbursement entry is reversed by a reversal dated on or before `asOf` (the loan was canceled). */
function disbursementReversed(entries: readonly LedgerEntry[], asOf: IsoDate): boolean {
  const disbursements = new Set(entries.filter((e) => e.kind === 'disbursement').map((e) => e.id));
  return entries.some((e) => e.kind === 'reversal' && e.effectiveDate <= asOf && e.reversesEntryId != null && disbursements.has(e.reversesEntryId));
}

/**
 * The loan's cumulative totals as of `asOf` (all zero before the disbursement date).
 *
 * A loan charged off on day C (ledger.ts `chargeOff`): nothing accrues after C, so interest and fees
 * charged stay those of day C; the balance is what is still recoverable (the charged-off amount, plus
 * payments returned after C, less recoveries) less any credit; recoveries count as received.
 */
export function totalsAsOf(schedule: LoanSchedule, entries: readonly LedgerEntry[], asOf: IsoDate): LoanTotals {
  if (asOf < schedule.terms.disbursementDate) return ZERO_TOTALS(asOf);
  const position = positionAsOf(schedule, entries, asOf);
  const chargeOff = position.chargeOff;
  if (chargeOff) {
    const c = chargeOff.date;
    // "After the charge-off" in the ledger's order (ledger.ts chargedOffPosition): dated after day C, or posted
    // on day C after its entries. A payment posted after is a recovery; a return posted after makes its payment
    // owed again (recoverable) rather than undoing it back to its own date — so neither changes what was
    // charged as of C.
    let firstOff = Number.POSITIVE_INFINITY;
    for (const e of entries) if (e.kind === 'charge_off' && e.effectiveDate === c && e.id < firstOff) firstOff = e.id;
    const postedAfter = (e: LedgerEntry) => e.effectiveDate > c || e.id > firstOff;
    const frozen = totalsAsOf(
      schedule,
      entries.filter((e) => e.kind !== 'charge_off' && e.kind !== 'recovery' && !((PAYMENT_KINDS.has(e.kind) || e.kind === 'reversal') && postedAfter(e))),
      c,
    );
    const paid = paidOf(position);
    const refundedAfter = refundedAsOf(entries, entriesToEvents(entries, asOf).undone, asOf);
    return {
      asOf,
      disbursedCents: frozen.disbursedCents,
      principalPaidCents: cents(paid.principal),
      interestPaidCents: cents(paid.interest),
      feesPaidCents: cents(paid.fees),
      interestChargedCents: frozen.interestChargedCents,
      feesChargedCents: frozen.feesChargedCents,
      receivedCents: cents(paid.received + chargeOff.recoveredCents),
      refundedCents: cents(refundedAfter),
      balanceCents: cents(chargeOff.recoverableCents - position.unappliedCents),
      principalBalanceCents: position.principalCents,
      position,
    };
  }
  const { principal: principalPaid, interest: interestPaid, fees: feesPaid, received } = paidOf(position);
  // A refund whose ACH credit came back paid nothing back (ledger.ts): not counted as refunded.
  const refunded = refundedAsOf(entries, entriesToEvents(entries, asOf).undone, asOf);
  const unpaid = payoff(position.ledger, asOf);
  return {
    asOf,
    disbursedCents: cents(disbursementReversed(entries, asOf) ? 0 : schedule.notePrincipalCents),
    principalPaidCents: cents(principalPaid),
    interestPaidCents: cents(interestPaid),
    feesPaidCents: cents(feesPaid),
    interestChargedCents: cents(interestPaid + unpaid.interestCents),
    feesChargedCents: cents(feesPaid + unpaid.feesCents),
    receivedCents: cents(received),
    refundedCents: cents(refunded),
    balanceCents: cents(position.outstandingCents - position.unappliedCents),
    principalBalanceCents: position.principalCents,
    position,
  };
}

/** What a statement line is, for people. */
export type ActivityKind = 'disbursement' | 'payment' | 'payment_returned' | 'fee' | 'fee_waived' | 'refund' | 'loan_canceled' | 'charged_off' | 'other';

/** One ledger entry of the period, as the statement shows it. */
export interface ActivityLine {
  readonly entryId: number;
  readonly date: IsoDate;
  readonly kind: ActivityKind;
  /** The ledger's own kind (new kinds are shown as `other` with this name). */
  readonly ledgerKind: string;
  readonly description: string;
  /** The entry's amount (positive). */
  readonly amountCents: Cents;
  /** Its effect on what is owed: positive raises the balance, negative lowers it; 0 when not known (`other`). */
  readonly effectCents: Cents;
}

const PAYMENT_NAMES: Readonly<Record<string, string>> = {
  scheduled_debit: 'Payment: automatic debit',
  one_time_payment: 'Payment: one-time',
  payroll_remittance: 'Payment: payroll deduction',
  payoff: 'Payment: payoff',
  recovery: 'Payment after charge-off (recovery)',
};

const CHARGE_OFF_NAMES: Readonly<Record<string, string>> = { principal: 'principal', interest: 'interest', fees: 'fees', refund_owed: 'refund owed back' };

/** Money coming in: a payment of any source, or a recovery on a charged-off loan. */
const bringsMoney = (kind: string) => PAYMENT_KINDS.has(kind as LedgerEntry['kind']) || kind === 'recovery';

/** A ledger kind this module does not know, as words ("charge_off" → "Charge off"). */
function humanKind(kind: string): string {
  const words = kind.replace(/_/g, ' ').trim();
  return words ? words[0]!.toUpperCase() + words.slice(1) : 'Adjustment';
}

/** The period's entries as statement lines, oldest first (by date, then ledger order). */
export function activityLines(schedule: LoanSchedule, entries: readonly LedgerEntry[], period: StatementPeriod): ActivityLine[] {
  const byId = new Map(entries.map((e) => [e.id, e]));
  const lines: ActivityLine[] = [];
  const inPeriod = entries
    .filter((e) => e.effectiveDate >= period.start && e.effectiveDate <= period.end)
    .sort((a, b) => (a.effectiveDate < b.effectiveDate ? -1 : a.effectiveDate > b.effectiveDate ? 1 : a.id - b.id));
  for (const e of inPeriod) {
    const kind: string = e.kind;
    const base = { entryId: e.id, date: e.effectiveDate, ledgerKind: kind, amountCents: cents(e.amountCents) };
    // An entry dated before the disbursement counts on the disbursement date (ledger.ts); none is ever written.
    if (kind === 'disbursement') {
      const kept = e.amountCents === schedule.notePrincipalCents ? '' : ` (${formatUsd(cents(e.amountCents))} sent to you)`;
      lines.push({
        ...base,
        kind: 'disbursement',
        description: `Loan funded: amount of the note${kept}`,
        amountCents: schedule.notePrincipalCents,
        effectCents: schedule.notePrincipalCents,
      });
    } else if (bringsMoney(kind)) {
      lines.push({ ...base, kind: 'payment', description: PAYMENT_NAMES[kind] ?? 'Payment', effectCents: cents(-e.amountCents) });
    } else if (kind === 'late_fee') {
      lines.push({
        ...base,
        kind: 'fee',
        description: e.installmentN != null ? `Late fee (payment ${String(e.installmentN)})` : 'Late fee',
        effectCents: cents(e.amountCents),
      });
    } else if (kind === 'reversal' || kind === 'waiver') {
      const undone = e.reversesEntryId != null ? byId.get(e.reversesEntryId) : undefined;
      if (undone && undone.kind === 'disbursement') {
        lines.push({
          ...base,
          kind: 'loan_canceled',
          description: 'Loan canceled: the disbursement was returned',
          amountCents: schedule.notePrincipalCents,
          effectCents: cents(-schedule.notePrincipalCents),
        });
      } else if (undone && bringsMoney(undone.kind) && undone.effectiveDate <= e.effectiveDate) {
        lines.push({
          ...base,
          kind: 'payment_returned',
          description: `Payment of ${undone.effectiveDate} returned`,
          amountCents: cents(undone.amountCents),
          effectCents: cents(undone.amountCents),
        });
      } else if (undone && undone.kind === 'refund' && undone.effectiveDate <= e.effectiveDate) {
        // The borrower's bank returned the refund's ACH credit: the credit is on the loan again.
        lines.push({
          ...base,
          kind: 'refund',
          description: `Refund of ${undone.effectiveDate} returned by your bank: the credit is back on your loan`,
          amountCents: cents(undone.amountCents),
          effectCents: cents(-undone.amountCents),
        });
      } else if (undone && undone.kind === 'late_fee' && undone.effectiveDate <= e.effectiveDate) {
        lines.push({
          ...base,
          kind: 'fee_waived',
          description: `Fee of ${undone.effectiveDate} waived`,
          amountCents: cents(undone.amountCents),
          effectCents: cents(-undone.amountCents),
        });
      } else {
        lines.push({ ...base, kind: 'other', description: humanKind(kind), effectCents: cents(0) });
      }
    } else if (kind === 'charge_off') {
      // An accounting event: the debt stays owed (recoverable), so the balance does not move.
      const what = CHARGE_OFF_NAMES[e.reasonCode ?? ''] ?? 'balance';
      lines.push({ ...base, kind: 'charged_off', description: `Charged off: ${what} (still owed)`, effectCents: cents(0) });
    } else if (kind === 'refund') {
      lines.push({ ...base, kind: 'refund', description: 'Credit balance refunded to you', effectCents: cents(e.amountCents) });
    } else {
      lines.push({ ...base, kind: 'other', description: humanKind(kind), effectCents: cents(0) });
    }
  }
  return lines;
}

/** Paid in a span: principal, interest, fees. */
export interface PaidParts {
  readonly principalCents: Cents;
  readonly interestCents: Cents;
  readonly feesCents: Cents;
}

const paidBetween = (from: LoanTotals, to: LoanTotals): PaidParts => ({
  principalCents: cents(to.principalPaidCents - from.principalPaidCents),
  interestCents: cents(to.interestPaidCents - from.interestPaidCents),
  feesCents: cents(to.feesPaidCents - from.feesPaidCents),
});

/** The next payment after the period, as of its end. */
export interface NextPayment {
  /** Its due date; null when the loan is past its last due date (everything owed is due now). */
  readonly dueDate: IsoDate | null;
  /** Past-due amount plus the installment due on that date (fees on it included), never above the payoff. */
  readonly amountCents: Cents;
}

/** The figures of a monthly statement. */
export interface StatementFigures {
  readonly period: StatementPeriod;
  readonly openingBalanceCents: Cents;
  readonly closingBalanceCents: Cents;
  /** Outstanding principal at the end of the period. */
  readonly principalBalanceCents: Cents;
  readonly lines: readonly ActivityLine[];
  /** Interest charged in the period (earned by day; includes what a return or a prepayment recomputed). */
  readonly interestChargedCents: Cents;
  /** Fees charged in the period (fee lines less waivers, less fees not owed on a loan already paid). */
  readonly feesChargedCents: Cents;
  /** Fee lines (less waivers) that the ledger does not count as owed (a fee dated after the loan was paid). */
  readonly feeAdjustmentCents: Cents;
  /** Balance change the known lines do not explain (only from ledger kinds unknown to this module). */
  readonly otherAdjustmentsCents: Cents;
  /** Payments received less payments returned, in the period. */
  readonly paymentsCents: Cents;
  readonly paidInPeriod: PaidParts;
  readonly paidYearToDate: PaidParts;
  readonly nextPayment: NextPayment | null;
  /** Unpaid amounts of installments past their due date at the end of the period. */
  readonly pastDueCents: Cents;
  readonly daysPastDue: number;
  /** The loan owed nothing at the end of the period. */
  readonly closed: boolean;
  /** Charged off by the end of the period: when, how much, and what is still owed (recoverable). */
  readonly chargedOff: { readonly date: IsoDate; readonly chargedOffCents: Cents; readonly recoverableCents: Cents } | null;
}

const sum = (lines: readonly ActivityLine[], kinds: readonly ActivityKind[]) =>
  lines.filter((l) => kinds.includes(l.kind)).reduce((s, l) => s + l.effectCents, 0);

/** The next payment of a position (the statement's rule; the borrower's loan record shows it too). */
export function nextPaymentOf(position: LoanPosition): { next: NextPayment | null; pastDue: Cents } {
  let pastDue = 0;
  for (const i of position.ledger.pastDue) pastDue += i.feeCents + i.interestCents + i.principalCents;
  // Charged off: everything still recoverable is due now.
  if (position.chargeOff)
    return position.chargeOff.recoverableCents > 0
      ? { next: { dueDate: null, amountCents: position.chargeOff.recoverableCents }, pastDue: position.chargeOff.recoverableCents }
      : { next: null, pastDue: cents(0) };
  if (position.closed) return { next: null, pastDue: cents(pastDue) };
  const c = position.ledger.current;
  const row = projectRemainingSchedule(position.ledger)[0];
  const current = c && row ? row.paymentCents + c.feeCents : 0;
  const amount = Math.min(position.outstandingCents, pastDue + current);
  return { next: { dueDate: c?.dueDate ?? null, amountCents: cents(amount) }, pastDue: cents(pastDue) };
}

/** The monthly statement of `period` (any span works; the product uses calendar months). */
export function statementFigures(schedule: LoanSchedule, entries: readonly LedgerEntry[], period: StatementPeriod): StatementFigures {
  if (period.end < period.start) throw new RangeError('the period ends before it starts');
  const before = totalsAsOf(schedule, entries, addDays(period.start, -1));
  const end = totalsAsOf(schedule, entries, period.end);
  const yearStart = totalsAsOf(schedule, entries, addDays(makeIsoDate(toParts(period.end).year, 1, 1), -1));
  const lines = activityLines(schedule, entries, period);
  const interestCharged = end.interestChargedCents - before.interestChargedCents;
  const feesCharged = end.feesChargedCents - before.feesChargedCents;
  const feeLines = sum(lines, ['fee', 'fee_waived']);
  const feeAdjustment = feesCharged - feeLines;
  const known = sum(lines, ['disbursement', 'payment', 'payment_returned', 'fee', 'fee_waived', 'refund', 'loan_canceled', 'charged_off']);
  const other = end.balanceCents - before.balanceCents - known - interestCharged - feeAdjustment;
  const { next, pastDue } = end.position ? nextPaymentOf(end.position) : { next: null, pastDue: cents(0) };
  return {
    period,
    openingBalanceCents: before.balanceCents,
    closingBalanceCents: end.balanceCents,
    principalBalanceCents: end.principalBalanceCents,
    lines,
    interestChargedCents: cents(interestCharged),
    feesChargedCents: cents(feesCharged),
    feeAdjustmentCents: cents(feeAdjustment),
    otherAdjustmentsCents: cents(other),
    paymentsCents: cents(-sum(lines, ['payment', 'payment_returned'])),
    paidInPeriod: paidBetween(before, end),
    paidYearToDate: paidBetween(yearStart, end),
    nextPayment: next,
    pastDueCents: pastDue,
    daysPastDue: end.position?.daysPastDue ?? 0,
    closed: (end.position?.closed ?? false) && !end.position?.chargeOff,
    chargedOff: end.position?.chargeOff
      ? {
          date: end.position.chargeOff.date,
          chargedOffCents: end.position.chargeOff.chargedOffCents,
          recoverableCents: end.position.chargeOff.recoverableCents,
        }
      : null,
  };
}

/** The year-end summary (interest and fees paid in the calendar year, principal paid, balance at year end). */
export interface YearEndFigures {
  readonly year: number;
  readonly period: StatementPeriod;
  readonly paid: PaidParts;
  readonly interestChargedCents: Cents;
  readonly feesChargedCents: Cents;
  /** Payments received less payments returned in the year. */
  readonly paymentsCents: Cents;
  readonly openingBalanceCents: Cents;
  readonly closingBalanceCents: Cents;
  readonly principalBalanceCents: Cents;
}

/** The year-end summary of `year`. */
export function yearEndFigures(schedule: LoanSchedule, entries: readonly LedgerEntry[], year: number): YearEndFigures {
  const period = yearPeriod(year);
  const before = totalsAsOf(schedule, entries, addDays(period.start, -1));
  const end = totalsAsOf(schedule, entries, period.end);
  return {
    year,
    period,
    paid: paidBetween(before, end),
    interestChargedCents: cents(end.interestChargedCents - before.interestChargedCents),
    feesChargedCents: cents(end.feesChargedCents - before.feesChargedCents),
    paymentsCents: cents(end.receivedCents - before.receivedCents),
    openingBalanceCents: before.balanceCents,
    closingBalanceCents: end.balanceCents,
    principalBalanceCents: end.principalBalanceCents,
  };
}

/**
 * Whether the loan gets a statement for `period`: it was funded by the period's end, and it owed
 * something at the period's start, or was funded in it, or its ledger moved in it (a final payoff, a
 * refund of a credit balance). A loan paid off before the period and quiet since gets none.
 */
export function statementDue(schedule: LoanSchedule, entries: readonly LedgerEntry[], period: StatementPeriod): boolean {
  const disbursed = schedule.terms.disbursementDate;
  if (disbursed > period.end) return false;
  if (disbursed >= period.start) return true;
  if (entries.some((e) => e.effectiveDate >= period.start && e.effectiveDate <= period.end)) return true;
  return totalsAsOf(schedule, entries, addDays(period.start, -1)).balanceCents !== 0;
}
