/**
 * Statement figures equal the ledger to the cent, over random loans: random terms, payments of every
 * kind (some beyond the payoff), late fees on past-due installments, waivers, returns of earlier
 * payments across month ends, refunds of credit balances, now and then a returned disbursement.
 *
 * For every calendar month from the disbursement to after the last entry:
 * - opening + Σ line effects + interest charged + fee adjustment = closing, with no "other" adjustment
 *   (every kind is known), and no fee adjustment unless the ledger voided a fee (one dated after payoff);
 * - each month opens at the previous month's closing balance;
 * - the balance is the ledger's: payoff − credit balance of positionAsOf at the month end;
 * - Σ principal / interest / fees paid over the months = the allocation of the payments not returned in
 *   positionAsOf at the last date (counted here from the position, not from the statement code);
 * - the year-end summary of each year = the sum of its months, and December's year to date.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays, parseIsoDate, toParts } from '../dates';
import type { IsoDate } from '../dates';
import { cents } from '../money';
import { chargeOffComponents, positionAsOf } from '../loan/ledger';
import type { LedgerEntry, LedgerEntryKind } from '../loan/ledger';
import { buildSchedule } from '../loan/schedule';
import type { LoanSchedule, LoanTerms } from '../loan/schedule';
import { monthOf, monthPeriod, statementFigures, yearEndFigures } from './statement';
import type { StatementFigures } from './statement';
import { loanTermsArb } from '../loan/terms.arbitrary';

const termsArb = loanTermsArb({ frequencies: ['monthly', 'biweekly'], payments: { min: 2, max: 12 }, from: '2025-01-01', days: 700 });

type Step =
  | { kind: 'pay'; gap: number; ledgerKind: LedgerEntryKind; share: number; extra: number }
  | { kind: 'fee'; gap: number; amount: number }
  | { kind: 'return'; gap: number; pick: number }
  | { kind: 'waive'; gap: number; pick: number }
  | { kind: 'refund'; gap: number }
  | { kind: 'cancel'; gap: number }
  | { kind: 'chargeOff'; gap: number }
  | { kind: 'recover'; gap: number; share: number; extra: number };

const gap = fc.integer({ min: 0, max: 40 });
const stepArb: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.record({
      kind: fc.constant('pay' as const),
      gap,
      ledgerKind: fc.constantFrom<LedgerEntryKind>('scheduled_debit', 'one_time_payment', 'payroll_remittance'),
      share: fc.integer({ min: 1, max: 100 }),
      extra: fc.integer({ min: 0, max: 3000 }),
    }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('fee' as const), gap, amount: fc.integer({ min: 100, max: 4000 }) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('return' as const), gap, pick: fc.nat() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('waive' as const), gap, pick: fc.nat() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('refund' as const), gap }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('cancel' as const), gap: fc.integer({ min: 0, max: 5 }) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('chargeOff' as const), gap }) },
  {
    weight: 2,
    arbitrary: fc.record({ kind: fc.constant('recover' as const), gap, share: fc.integer({ min: 1, max: 100 }), extra: fc.integer({ min: 0, max: 2000 }) }),
  },
);

/** Builds a ledger the way the loan book writes one: dates never go back, a return names an earlier payment once. */
function buildLedger(schedule: LoanSchedule, steps: readonly Step[]): LedgerEntry[] {
  const entries: LedgerEntry[] = [{ id: 1, kind: 'disbursement', effectiveDate: schedule.terms.disbursementDate, amountCents: schedule.disbursedCents }];
  let today = schedule.terms.disbursementDate;
  const undone = new Set<number>();
  const add = (e: Omit<LedgerEntry, 'id'>) => entries.push({ ...e, id: entries.length + 1 });
  for (const s of steps) {
    today = addDays(today, s.gap);
    const p = positionAsOf(schedule, entries, today);
    if (s.kind === 'pay') {
      const amount = Math.floor((p.outstandingCents * s.share) / 100) + s.extra;
      // Also on the charge-off day after its entries: the ledger reads it as a recovery (posted after it).
      if (amount > 0) add({ kind: s.ledgerKind, effectiveDate: today, amountCents: amount });
    } else if (s.kind === 'fee') {
      const oldest = p.ledger.pastDue[0];
      if (oldest && !entries.some((e) => e.kind === 'late_fee' && e.installmentN === oldest.n && !undone.has(e.id)))
        add({ kind: 'late_fee', effectiveDate: today, amountCents: s.amount, installmentN: oldest.n });
    } else if (s.kind === 'return' || s.kind === 'waive') {
      const target =
        s.kind === 'return'
          ? (k: LedgerEntryKind) => k === 'scheduled_debit' || k === 'one_time_payment' || k === 'payroll_remittance' || k === 'recovery'
          : (k: LedgerEntryKind) => k === 'late_fee';
      // No fee is waived on a charged-off loan (its fees were charged off with it). A return may come on the
      // charge-off day after its entries: owed again (returnedAfter).
      const open = s.kind === 'waive' && p.chargeOff ? [] : entries.filter((e) => target(e.kind) && !undone.has(e.id));
      const e = open[s.pick % Math.max(1, open.length)];
      if (e) {
        undone.add(e.id);
        add({ kind: s.kind === 'return' ? 'reversal' : 'waiver', effectiveDate: today, amountCents: e.amountCents, reversesEntryId: e.id });
      }
    } else if (s.kind === 'chargeOff') {
      // As the loan book does (collections): one entry per component still owed, on a loan not already charged off.
      for (const c of p.chargeOff ? [] : chargeOffComponents(p))
        add({ kind: 'charge_off', effectiveDate: today, amountCents: c.amountCents, reasonCode: c.component });
    } else if (s.kind === 'recover') {
      const amount = p.chargeOff ? Math.floor((p.chargeOff.recoverableCents * s.share) / 100) + s.extra : 0;
      if (amount > 0) add({ kind: 'recovery', effectiveDate: today, amountCents: amount });
    } else if (s.kind === 'refund') {
      // Also after a charge-off: an over-recovery paid back lowers the credit.
      if (p.unappliedCents > 0) add({ kind: 'refund', effectiveDate: today, amountCents: p.unappliedCents });
    } else if (entries.length === 1 && today <= addDays(schedule.terms.disbursementDate, 5)) {
      undone.add(1);
      add({ kind: 'reversal', effectiveDate: today, amountCents: schedule.disbursedCents, reversesEntryId: 1 });
    }
  }
  return entries;
}

function monthsThrough(from: IsoDate, to: IsoDate) {
  const months = [];
  for (let m = monthOf(from); m.start <= to; m = monthOf(addDays(m.end, 1))) months.push(m);
  return months;
}

describe('statements equal the ledger (property)', () => {
  it('over random loans, payments, fees, returns, refunds and charge-offs across months', { timeout: 60_000 }, () => {
    fc.assert(
      fc.property(termsArb, fc.array(stepArb, { maxLength: 30 }), (terms, steps) => {
        const schedule = buildSchedule(terms);
        const entries = buildLedger(schedule, steps);
        const lastEntry = entries.reduce((m, e) => (e.effectiveDate > m ? e.effectiveDate : m), terms.disbursementDate);
        const last = addDays(lastEntry, 35);
        const months = monthsThrough(terms.disbursementDate, last);
        const statements: StatementFigures[] = months.map((m) => statementFigures(schedule, entries, m));
        let previousClosing = 0;
        for (const s of statements) {
          const effects = s.lines.reduce((t, l) => t + l.effectCents, 0);
          expect(s.otherAdjustmentsCents).toBe(0);
          expect(s.openingBalanceCents + effects + s.interestChargedCents + s.feeAdjustmentCents).toBe(s.closingBalanceCents);
          expect(s.openingBalanceCents).toBe(previousClosing);
          previousClosing = s.closingBalanceCents;
          const p = positionAsOf(schedule, entries, s.period.end);
          expect(s.closingBalanceCents).toBe((p.chargeOff ? p.chargeOff.recoverableCents : p.outstandingCents) - p.unappliedCents);
          expect(s.principalBalanceCents).toBe(p.principalCents);
          if (
            p.voidFeeCount === 0 &&
            s.period.start > terms.disbursementDate &&
            positionAsOf(schedule, entries, addDays(s.period.start, -1)).voidFeeCount === 0
          )
            expect(s.feeAdjustmentCents).toBe(0);
          expect(s.pastDueCents).toBe(
            p.chargeOff ? p.chargeOff.recoverableCents : p.ledger.pastDue.reduce((t, i) => t + i.feeCents + i.interestCents + i.principalCents, 0),
          );
          if (s.nextPayment) expect(s.nextPayment.amountCents).toBeLessThanOrEqual(p.chargeOff ? p.chargeOff.recoverableCents : p.outstandingCents);
        }
        // Σ paid over the months = the ledger's allocation of the payments not returned, as of the last date.
        const end = positionAsOf(schedule, entries, last);
        const alloc = { principal: 0, interest: 0, fees: 0 };
        for (const p of end.payments) {
          if (!p.allocation) continue;
          alloc.principal += p.allocation.principalCents + p.allocation.prepaidPrincipalCents;
          alloc.interest += p.allocation.interestCents;
          alloc.fees += p.allocation.feesCents;
        }
        const total = (f: (s: StatementFigures) => number, list = statements) => list.reduce((t, s) => t + f(s), 0);
        expect(total((s) => s.paidInPeriod.principalCents)).toBe(alloc.principal);
        expect(total((s) => s.paidInPeriod.interestCents)).toBe(alloc.interest);
        expect(total((s) => s.paidInPeriod.feesCents)).toBe(alloc.fees);
        // The principal paid is the note less what is left (nothing lent once the disbursement came back).
        const canceled = entries.some((e) => e.kind === 'reversal' && e.reversesEntryId === 1);
        if (!canceled && !end.chargeOff) expect(alloc.principal).toBe(schedule.notePrincipalCents - end.principalCents);
        // Charged off: what was paid before plus what was charged off is the note (when nothing came back after).
        if (!canceled && end.chargeOff && end.chargeOff.returnedAfterCents === 0)
          expect(alloc.principal).toBe(schedule.notePrincipalCents - end.chargeOff.components.principal);
        // Year-end summaries = the sum of their months.
        const years = [...new Set(months.map((m) => toParts(m.start).year))];
        for (const year of years) {
          const y = yearEndFigures(schedule, entries, year);
          const ofYear = statements.filter((s) => toParts(s.period.start).year === year);
          const full = Array.from(
            { length: 12 },
            (_, k) => ofYear.find((s) => s.period.start === monthPeriod(year, k + 1).start) ?? statementFigures(schedule, entries, monthPeriod(year, k + 1)),
          );
          expect(y.paid.interestCents).toBe(total((s) => s.paidInPeriod.interestCents, full));
          expect(y.paid.feesCents).toBe(total((s) => s.paidInPeriod.feesCents, full));
          expect(y.paid.principalCents).toBe(total((s) => s.paidInPeriod.principalCents, full));
          expect(y.interestChargedCents).toBe(total((s) => s.interestChargedCents, full));
          expect(y.feesChargedCents).toBe(total((s) => s.feesChargedCents, full));
          expect(y.paymentsCents).toBe(total((s) => s.paymentsCents, full));
          expect(y.closingBalanceCents).toBe(full[11]!.closingBalanceCents);
          expect(y.openingBalanceCents).toBe(full[0]!.openingBalanceCents);
          expect(full[11]!.paidYearToDate).toEqual(y.paid);
        }
      }),
      { numRuns: 300 },
    );
  });
});

describe('a payment returned on its charge-off day (found by the property, seed 752647543)', () => {
  it('is owed again without changing the interest charged as of the charge-off: nothing is left unexplained', () => {
    const terms = {
      amountCents: 50000,
      originationFeeCents: 0,
      feeFinanced: false,
      annualRatePercent: '0.02',
      frequency: 'monthly',
      numberOfPayments: 2,
      disbursementDate: '2025-01-01',
      firstPaymentDate: '2025-01-15',
    } as unknown as LoanTerms;
    const steps: Step[] = [
      { kind: 'pay', gap: 0, ledgerKind: 'scheduled_debit', share: 40, extra: 1 },
      { kind: 'chargeOff', gap: 7 },
      { kind: 'return', gap: 0, pick: 0 },
    ] as Step[];
    const schedule = buildSchedule(terms);
    const entries = buildLedger(schedule, steps);
    expect(entries.map((e) => [e.kind, e.effectiveDate])).toEqual([
      ['disbursement', '2025-01-01'],
      ['scheduled_debit', '2025-01-01'],
      ['charge_off', '2025-01-08'],
      ['reversal', '2025-01-08'],
    ]);
    const s = statementFigures(schedule, entries, monthsThrough(terms.disbursementDate, terms.disbursementDate)[0]!);
    expect(s.otherAdjustmentsCents).toBe(0);
    expect(s.closingBalanceCents).toBe(50000);
    expect(s.openingBalanceCents + s.lines.reduce((t, l) => t + l.effectCents, 0) + s.interestChargedCents + s.feeAdjustmentCents).toBe(s.closingBalanceCents);
  });
});

describe('a refund of an over-recovery, then a payment the charge-off counted returned (found by the property, seed 1101843765)', () => {
  it('owes again what was refunded: the refund is money the borrower has back', () => {
    const terms: LoanTerms = {
      amountCents: cents(50000),
      originationFeeCents: cents(0),
      feeFinanced: false,
      annualRatePercent: '0.00',
      frequency: 'monthly',
      numberOfPayments: 2,
      disbursementDate: parseIsoDate('2025-01-01'),
      firstPaymentDate: parseIsoDate('2025-01-15'),
    };
    const steps: Step[] = [
      { kind: 'pay', gap: 0, ledgerKind: 'scheduled_debit', share: 83, extra: 800 },
      { kind: 'chargeOff', gap: 0 },
      { kind: 'recover', gap: 0, share: 79, extra: 62 },
      { kind: 'pay', gap: 0, ledgerKind: 'scheduled_debit', share: 1, extra: 1556 },
      { kind: 'refund', gap: 0 },
      { kind: 'return', gap: 0, pick: 0 },
    ];
    const schedule = buildSchedule(terms);
    const entries = buildLedger(schedule, steps);
    // Lent 500.00; paid 423.00 (returned), 61.45 and 15.56 after the charge-off of 77.00; 0.01 refunded.
    expect(entries.map((e) => [e.kind, e.amountCents])).toEqual([
      ['disbursement', 50000],
      ['scheduled_debit', 42300],
      ['charge_off', 7700],
      ['recovery', 6145],
      ['scheduled_debit', 1556],
      ['refund', 1],
      ['reversal', 42300],
    ]);
    const p = positionAsOf(schedule, entries, terms.disbursementDate);
    expect(p.chargeOff?.recoverableCents).toBe(50000 - (6145 + 1556 - 1));
    expect(p.unappliedCents).toBe(0);
    const s = statementFigures(schedule, entries, monthsThrough(terms.disbursementDate, terms.disbursementDate)[0]!);
    expect(s.otherAdjustmentsCents).toBe(0);
    expect(s.closingBalanceCents).toBe(42300);
  });
});
