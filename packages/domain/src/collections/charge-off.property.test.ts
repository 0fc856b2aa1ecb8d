/**
 * Charge-off and recoveries on the ledger (loan/ledger.ts), property-tested over random loans: the
 * charge-off entries the loan book writes (chargeOffComponents of the position that day) sum to what was
 * owed; from that day the loan owes nothing collectible (outstanding 0, closed, no interest, no fee) while
 * its recoverable balance is known; recoveries (capped by the loan book at the recoverable balance) bring it
 * to zero and never beyond; a payment made before the charge-off and returned after it is recoverable again.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays, parseIsoDate } from '../dates';
import { chargeOffComponents, positionAsOf } from '../loan/ledger';
import type { LedgerEntry } from '../loan/ledger';
import { buildSchedule } from '../loan/schedule';
import { cents } from '../money';
import { moneyReceived } from './promises';

const schedule = (amount: number, n: number, rate: string) =>
  buildSchedule({
    amountCents: cents(amount),
    originationFeeCents: cents(0),
    feeFinanced: false,
    annualRatePercent: rate,
    frequency: 'monthly',
    numberOfPayments: n,
    disbursementDate: parseIsoDate('2027-01-04'),
    firstPaymentDate: parseIsoDate('2027-02-04'),
  });

const loanArb = fc.record({
  amount: fc.integer({ min: 50_000, max: 2_000_000 }),
  n: fc.integer({ min: 3, max: 24 }),
  rate: fc.constantFrom('0', '9.99', '18', '35.99'),
  payments: fc.array(fc.record({ day: fc.integer({ min: 1, max: 200 }), amount: fc.integer({ min: 100, max: 60_000 }) }), { maxLength: 4 }),
  fee: fc.option(fc.record({ day: fc.integer({ min: 40, max: 200 }), amount: fc.integer({ min: 100, max: 3_000 }) }), { nil: null }),
  chargeOffDay: fc.integer({ min: 150, max: 400 }),
  recoveries: fc.array(fc.record({ after: fc.integer({ min: 1, max: 300 }), amount: fc.integer({ min: 1, max: 3_000_000 }) }), { maxLength: 5 }),
  returnFirst: fc.boolean(),
});

describe('charge-off and recoveries (property)', () => {
  it('charge-off entries sum to what was owed; afterwards nothing is collectible, recoveries are capped at the recoverable balance', () => {
    fc.assert(
      fc.property(loanArb, (l) => {
        const s = schedule(l.amount, l.n, l.rate);
        const start = s.terms.disbursementDate;
        let id = 1;
        const entries: LedgerEntry[] = [{ id: id++, kind: 'disbursement', effectiveDate: start, amountCents: s.disbursedCents }];
        const coDate = addDays(start, l.chargeOffDay);
        for (const p of l.payments)
          entries.push({ id: id++, kind: 'one_time_payment', effectiveDate: addDays(start, Math.min(p.day, l.chargeOffDay)), amountCents: p.amount });
        if (l.fee)
          entries.push({
            id: id++,
            kind: 'late_fee',
            effectiveDate: addDays(start, Math.min(l.fee.day, l.chargeOffDay)),
            amountCents: l.fee.amount,
            installmentN: 1,
          });
        entries.sort((a, b) => (a.effectiveDate < b.effectiveDate ? -1 : a.effectiveDate > b.effectiveDate ? 1 : a.id - b.id));
        const before = positionAsOf(s, entries, coDate);
        expect(before.chargeOff).toBeNull();
        const parts = chargeOffComponents(before);
        const owed = parts.reduce((t, p) => t + p.amountCents, 0);
        expect(owed).toBe(before.outstandingCents);
        for (const p of parts) expect(p.amountCents).toBeGreaterThan(0);
        if (owed === 0) return; // a loan paid in full is never charged off
        for (const p of parts) entries.push({ id: id++, kind: 'charge_off', effectiveDate: coDate, amountCents: p.amountCents, reasonCode: p.component });

        const at = positionAsOf(s, entries, coDate);
        expect(at.chargeOff).toMatchObject({ date: coDate, chargedOffCents: owed, recoveredCents: 0, recoverableCents: owed });
        expect(at).toMatchObject({ outstandingCents: 0, principalCents: 0, closed: true, nextDueDate: null, remainingTerms: 0 });
        expect(at.paidCents).toBe(before.paidCents);
        expect(chargeOffComponents(at)).toEqual([]);
        // Interest and fees stop: a year later still nothing collectible, the same recoverable.
        expect(positionAsOf(s, entries, addDays(coDate, 365)).chargeOff?.recoverableCents).toBe(owed);

        // A payment made before and returned after the charge-off is recoverable again.
        let extra = 0;
        const firstPayment = entries.find((e) => e.kind === 'one_time_payment');
        if (l.returnFirst && firstPayment) {
          entries.push({
            id: id++,
            kind: 'reversal',
            effectiveDate: addDays(coDate, 1),
            amountCents: firstPayment.amountCents,
            reversesEntryId: firstPayment.id,
          });
          extra = firstPayment.amountCents;
        }
        // Recoveries as the loan book posts them: refused above the recoverable balance.
        let recovered = 0;
        let day = coDate;
        for (const r of l.recoveries) {
          day = addDays(day, r.after);
          const p = positionAsOf(s, entries, day);
          const recoverable = p.chargeOff!.recoverableCents;
          expect(recoverable).toBe(owed + extra - recovered);
          if (r.amount > recoverable) continue;
          entries.push({ id: id++, kind: 'recovery', effectiveDate: day, amountCents: r.amount });
          recovered += r.amount;
        }
        const end = positionAsOf(s, entries, addDays(day, 1));
        expect(end.chargeOff).toMatchObject({
          chargedOffCents: owed,
          recoveredCents: recovered,
          recoverableCents: owed + extra - recovered,
          returnedAfterCents: extra,
        });
        expect(end.outstandingCents).toBe(0);
        expect(end.unappliedCents).toBe(before.unappliedCents);
        // Money received (what promises read) includes the recoveries.
        expect(moneyReceived(entries, addDays(day, 1)).reduce((t, m) => t + m.amountCents, 0)).toBe(before.paidCents - extra + recovered);
      }),
      { numRuns: 150 },
    );
  });

  it('a reversed recovery is recoverable again; a payment-kind entry after the charge-off counts as a recovery', () => {
    const s = schedule(100_000, 3, '12');
    const start = s.terms.disbursementDate;
    const co = addDays(start, 200);
    const entries: LedgerEntry[] = [{ id: 1, kind: 'disbursement', effectiveDate: start, amountCents: s.disbursedCents }];
    const owed = positionAsOf(s, entries, co).outstandingCents;
    const parts = chargeOffComponents(positionAsOf(s, entries, co));
    expect(parts.map((p) => p.component)).toEqual(['principal', 'interest']);
    parts.forEach((p, i) => entries.push({ id: 10 + i, kind: 'charge_off', effectiveDate: co, amountCents: p.amountCents, reasonCode: p.component }));
    entries.push({ id: 20, kind: 'recovery', effectiveDate: addDays(co, 5), amountCents: 10_000 });
    entries.push({ id: 21, kind: 'reversal', effectiveDate: addDays(co, 8), amountCents: 10_000, reversesEntryId: 20 });
    entries.push({ id: 22, kind: 'payroll_remittance', effectiveDate: addDays(co, 9), amountCents: 2_500 });
    expect(positionAsOf(s, entries, addDays(co, 6)).chargeOff?.recoverableCents).toBe(owed - 10_000);
    const p = positionAsOf(s, entries, addDays(co, 9));
    expect(p.chargeOff).toMatchObject({ recoveredCents: 2_500, recoverableCents: owed - 2_500, components: { principal: 100_000 } });
    expect(p.paidCents).toBe(2_500);
    // Before the charge-off day the loan replays as usual.
    expect(positionAsOf(s, entries, addDays(co, -1)).outstandingCents).toBeGreaterThan(0);
  });
});
