/**
 * The stored ledger: reversals, waivers, refunds, derived balances and statuses, and the properties the
 * issue asks for (random loans × random payment streams: early, late, partial, over, returned).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cents } from '../money';
import { addDays, diffDays, parseIsoDate } from '../dates';
import type { IsoDate } from '../dates';
import { FREQUENCIES } from './frequency';
import { buildSchedule } from './schedule';
import type { LoanSchedule, LoanTerms } from './schedule';
import { DEFAULT_STATUS_THRESHOLDS, deriveStatus, entriesToEvents, positionAsOf } from './ledger';
import type { LedgerEntry, LedgerEntryKind } from './ledger';
import { payoff, payoffAsOf } from './servicing';

const d = parseIsoDate;
const terms = (
  amount: number,
  fee: number,
  feeFinanced: boolean,
  rate: string,
  frequency: LoanTerms['frequency'],
  n: number,
  disb: string,
  first: string,
): LoanTerms => ({
  amountCents: cents(amount),
  originationFeeCents: cents(fee),
  feeFinanced,
  annualRatePercent: rate,
  frequency,
  numberOfPayments: n,
  disbursementDate: d(disb),
  firstPaymentDate: d(first),
});
const MONTHLY = buildSchedule(terms(300000, 9000, true, '15.5', 'monthly', 12, '2024-01-15', '2024-01-31'));

let nextId = 1;
const entry = (kind: LedgerEntryKind, date: string, amountCents: number, extra: Partial<LedgerEntry> = {}): LedgerEntry => ({
  id: nextId++,
  kind,
  effectiveDate: d(date),
  amountCents,
  ...extra,
});
const onTimeEntries = (s: LoanSchedule, k: number): LedgerEntry[] => s.rows.slice(0, k).map((r) => entry('scheduled_debit', r.dueDate, r.paymentCents));

describe('positionAsOf', () => {
  it('a new loan owes its note principal; installment 1 is next; nothing paid', () => {
    const p = positionAsOf(MONTHLY, [entry('disbursement', '2024-01-15', MONTHLY.disbursedCents)], d('2024-01-15'));
    expect(p).toMatchObject({
      principalCents: MONTHLY.notePrincipalCents,
      outstandingCents: MONTHLY.notePrincipalCents,
      paidCents: 0,
      paymentCount: 0,
      installmentsPaid: 0,
      remainingTerms: 12,
      nextDueDate: '2024-01-31',
      daysPastDue: 0,
      closed: false,
    });
  });

  it('agrees with payoffAsOf for the same payments', () => {
    const entries = onTimeEntries(MONTHLY, 3);
    const p = positionAsOf(MONTHLY, entries, d('2024-05-10'));
    expect(p.outstandingCents).toBe(
      payoffAsOf(
        MONTHLY,
        MONTHLY.rows.slice(0, 3).map((r) => ({ date: r.dueDate, amountCents: r.paymentCents })),
        d('2024-05-10'),
      ).payoffCents,
    );
    expect(p).toMatchObject({ paymentCount: 3, installmentsPaid: 3, nextDueDate: '2024-04-30', daysPastDue: 10, remainingTerms: 9 });
  });

  it('every installment on its due date retires the loan with exactly the disclosed total of payments', () => {
    const p = positionAsOf(MONTHLY, onTimeEntries(MONTHLY, 12), MONTHLY.rows[11]!.dueDate);
    expect(p.closed).toBe(true);
    expect(p.paidCents).toBe(MONTHLY.totalOfPaymentsCents);
    expect(p).toMatchObject({ principalCents: 0, outstandingCents: 0, installmentsPaid: 12, remainingTerms: 0, nextDueDate: null, unappliedCents: 0 });
  });

  it('a returned payment is removed from the replay as of its return date, and counts before it', () => {
    const entries = onTimeEntries(MONTHLY, 2);
    const second = entries[1]!;
    const reversal = entry('reversal', '2024-03-05', second.amountCents, { reversesEntryId: second.id });
    const all = [...entries, reversal];
    const before = positionAsOf(MONTHLY, all, d('2024-03-04'));
    const after = positionAsOf(MONTHLY, all, d('2024-03-05'));
    const without = positionAsOf(MONTHLY, entries.slice(0, 1), d('2024-03-05'));
    expect(before.paymentCount).toBe(2);
    expect(before.daysPastDue).toBe(0);
    expect(after.paymentCount).toBe(1);
    expect(after.outstandingCents).toBe(without.outstandingCents);
    expect(after.nextDueDate).toBe('2024-02-29');
    expect(after.daysPastDue).toBe(diffDays(d('2024-02-29'), d('2024-03-05')));
    expect(after.payments.map((x) => [x.entry.id, x.returnedOn])).toEqual([
      [entries[0]!.id, null],
      [second.id, '2024-03-05'],
    ]);
    expect(after.payments[1]!.allocation).toBeNull();
  });

  it('a late fee is owed until waived; a waiver removes it', () => {
    const fee = entry('late_fee', '2024-02-15', 1500, { installmentN: 1 });
    const withFee = positionAsOf(MONTHLY, [fee], d('2024-02-20'));
    const waived = positionAsOf(MONTHLY, [fee, entry('waiver', '2024-02-21', 1500, { reversesEntryId: fee.id })], d('2024-02-21'));
    const none = positionAsOf(MONTHLY, [], d('2024-02-21'));
    expect(withFee.outstandingCents - positionAsOf(MONTHLY, [], d('2024-02-20')).outstandingCents).toBe(1500);
    expect(waived.outstandingCents).toBe(none.outstandingCents);
  });

  it('an overpayment closes the loan, leaves the excess unapplied, and a refund pays it back', () => {
    const quote = payoff(positionAsOf(MONTHLY, [], d('2024-03-10')).ledger, d('2024-03-10')).payoffCents;
    const over = [entry('one_time_payment', '2024-03-10', quote + 2500)];
    const p = positionAsOf(MONTHLY, over, d('2024-03-10'));
    expect(p).toMatchObject({ closed: true, unappliedCents: 2500, paidCents: quote + 2500 });
    const refunded = positionAsOf(MONTHLY, [...over, entry('refund', '2024-03-11', 2500)], d('2024-03-11'));
    expect(refunded).toMatchObject({ closed: true, unappliedCents: 0, paidCents: quote });
    // A refund beyond the credit (the payment that made it came back after the refund) is owed again.
    expect(positionAsOf(MONTHLY, [...over, entry('refund', '2024-03-11', 2501)], d('2024-03-11'))).toMatchObject({
      refundOwedCents: 1,
      outstandingCents: 1,
      unappliedCents: 0,
      closed: false,
    });
  });

  it('a returned refund (a reversal naming the refund) puts the credit back from its date; before it the refund stands', () => {
    const quote = payoff(positionAsOf(MONTHLY, [], d('2024-03-10')).ledger, d('2024-03-10')).payoffCents;
    const over = entry('one_time_payment', '2024-03-10', quote + 2500);
    const refund = entry('refund', '2024-03-11', 2500);
    const returned = entry('reversal', '2024-03-14', 2500, { reversesEntryId: refund.id, reasonCode: 'R03' });
    const entries = [over, refund, returned];
    expect(positionAsOf(MONTHLY, entries, d('2024-03-13'))).toMatchObject({ closed: true, unappliedCents: 0, paidCents: quote });
    expect(positionAsOf(MONTHLY, entries, d('2024-03-14'))).toMatchObject({
      closed: true,
      outstandingCents: 0,
      refundOwedCents: 0,
      unappliedCents: 2500,
      paidCents: quote + 2500,
    });
    // Refunded again later (to a corrected account): the credit is paid back once, nothing owed.
    const again = entry('refund', '2024-03-20', 2500);
    expect(positionAsOf(MONTHLY, [...entries, again], d('2024-03-20'))).toMatchObject({
      closed: true,
      unappliedCents: 0,
      refundOwedCents: 0,
      paidCents: quote,
    });
  });

  it('a returned refund on a canceled loan and after a charge-off puts the credit back', () => {
    const disbursement = entry('disbursement', '2024-01-15', MONTHLY.disbursedCents);
    const canceled = entry('reversal', '2024-02-20', MONTHLY.disbursedCents, { reversesEntryId: disbursement.id });
    const paid = entry('one_time_payment', '2024-02-01', 5000);
    const refund = entry('refund', '2024-02-21', 5000);
    const back = entry('reversal', '2024-02-23', 5000, { reversesEntryId: refund.id });
    expect(positionAsOf(MONTHLY, [disbursement, canceled, paid, refund, back], d('2024-02-23'))).toMatchObject({
      closed: true,
      unappliedCents: 5000,
      refundOwedCents: 0,
    });
    // Charged off, then recovered beyond what was owed: the credit refunded, its credit returned.
    const off = entry('charge_off', '2024-06-01', 1000, { reasonCode: 'principal' });
    const recovery = entry('recovery', '2024-06-10', 1500);
    const refundAfter = entry('refund', '2024-06-11', 500);
    const backAfter = entry('reversal', '2024-06-14', 500, { reversesEntryId: refundAfter.id });
    const base = [disbursement, off, recovery, refundAfter];
    expect(positionAsOf(MONTHLY, base, d('2024-06-14')).unappliedCents).toBe(0);
    expect(positionAsOf(MONTHLY, [...base, backAfter], d('2024-06-14')).unappliedCents).toBe(500);
  });

  it('a reversed disbursement cancels the loan: from its date nothing is owed; before it the loan replays as usual', () => {
    const disbursement = entry('disbursement', '2024-01-15', MONTHLY.disbursedCents);
    const canceled = entry('reversal', '2024-02-20', MONTHLY.disbursedCents, { reversesEntryId: disbursement.id });
    const fee = entry('late_fee', '2024-02-16', 1500, { installmentN: 1 });
    const entries = [disbursement, fee, canceled];
    const before = positionAsOf(MONTHLY, entries, d('2024-02-19'));
    expect(before).toMatchObject({ closed: false, principalCents: MONTHLY.notePrincipalCents, daysPastDue: 19 });
    const after = positionAsOf(MONTHLY, entries, d('2024-02-20'));
    expect(after).toMatchObject({
      closed: true,
      principalCents: 0,
      outstandingCents: 0,
      paidCents: 0,
      unappliedCents: 0,
      paymentCount: 0,
      installmentsPaid: 0,
      remainingTerms: 0,
      nextDueDate: null,
      daysPastDue: 0,
      voidFeeCount: 1,
    });
    expect(after.ledger).toMatchObject({ principalCents: 0, pastDue: [], current: null });
    expect(payoff(after.ledger, d('2024-06-01')).payoffCents).toBe(0);
    expect(deriveStatus('closed_paid', after, DEFAULT_STATUS_THRESHOLDS)).toBe('closed_paid');
    // Money received on a canceled loan is a credit owed back (never principal paid); a refund settles it.
    const paid = entry('one_time_payment', '2024-02-01', 5000);
    const withPayment = positionAsOf(MONTHLY, [...entries, paid], d('2024-02-20'));
    expect(withPayment).toMatchObject({ closed: true, outstandingCents: 0, paidCents: 5000, unappliedCents: 5000, paymentCount: 1 });
    expect(withPayment.payments[0]!.allocation).toMatchObject({ unappliedCents: 5000, principalCents: 0, interestCents: 0 });
    expect(positionAsOf(MONTHLY, [...entries, paid, entry('refund', '2024-02-21', 5000)], d('2024-02-21'))).toMatchObject({
      closed: true,
      paidCents: 0,
      unappliedCents: 0,
    });
  });

  it('counts an entry dated before the disbursement date on the disbursement date', () => {
    const early = positionAsOf(MONTHLY, [entry('one_time_payment', '2024-01-10', 5000)], d('2024-01-20'));
    const onDay = positionAsOf(MONTHLY, [entry('one_time_payment', '2024-01-15', 5000)], d('2024-01-20'));
    expect(early.outstandingCents).toBe(onDay.outstandingCents);
  });

  it('ignores entries dated after the as-of date and the disbursement entry', () => {
    const { events } = entriesToEvents([entry('disbursement', '2024-01-15', 300000), entry('one_time_payment', '2024-06-01', 1000)], d('2024-05-01'));
    expect(events).toEqual([]);
  });
});

describe('deriveStatus', () => {
  const t = DEFAULT_STATUS_THRESHOLDS;
  it('moves opened → default → charge_off by days past due, and closed_paid when nothing is owed', () => {
    expect(deriveStatus('opened', { closed: false, daysPastDue: 0 })).toBe('opened');
    expect(deriveStatus('opened', { closed: false, daysPastDue: t.defaultDays - 1 })).toBe('opened');
    expect(deriveStatus('opened', { closed: false, daysPastDue: t.defaultDays })).toBe('default');
    expect(deriveStatus('default', { closed: false, daysPastDue: t.chargeOffDays })).toBe('charge_off');
    expect(deriveStatus('default', { closed: false, daysPastDue: 3 })).toBe('opened');
    expect(deriveStatus('opened', { closed: true, daysPastDue: 0 })).toBe('closed_paid');
    expect(deriveStatus('default', { closed: true, daysPastDue: 0 })).toBe('closed_paid');
  });
  it('keeps terminal statuses and pending', () => {
    for (const s of ['closed_refinanced', 'charge_off', 'pending'] as const) expect(deriveStatus(s, { closed: false, daysPastDue: 500 })).toBe(s);
    // A paid-off loan stays paid off, and reopens when what closed it came back (a late return of the payoff).
    expect(deriveStatus('closed_paid', { closed: true, daysPastDue: 0 })).toBe('closed_paid');
    expect(deriveStatus('closed_paid', { closed: false, daysPastDue: 0 })).toBe('opened');
    expect(deriveStatus('closed_paid', { closed: false, daysPastDue: t.defaultDays })).toBe('default');
    expect(deriveStatus('closed_paid', { closed: false, daysPastDue: t.chargeOffDays })).toBe('charge_off');
  });
  it('reads the thresholds from configuration', () => {
    expect(deriveStatus('opened', { closed: false, daysPastDue: 30 }, { defaultDays: 30, chargeOffDays: 90 })).toBe('default');
    expect(deriveStatus('opened', { closed: false, daysPastDue: 90 }, { defaultDays: 30, chargeOffDays: 90 })).toBe('charge_off');
  });
});

// ---------------------------------------------------------------- properties
const termsArb = fc
  .record({
    amount: fc.integer({ min: 20000, max: 2_000_000 }),
    feeBp: fc.integer({ min: 0, max: 800 }),
    feeFinanced: fc.boolean(),
    rate: fc.integer({ min: 0, max: 6000 }),
    frequency: fc.constantFrom(...FREQUENCIES),
    n: fc.integer({ min: 1, max: 60 }),
    disb: fc.integer({ min: 0, max: 2000 }),
    gap: fc.integer({ min: 1, max: 40 }),
  })
  .map((r) => {
    const disb = addDays(d('2021-01-01'), r.disb);
    return terms(r.amount, Math.floor((r.amount * r.feeBp) / 10000), r.feeFinanced, (r.rate / 100).toFixed(2), r.frequency, r.n, disb, addDays(disb, r.gap));
  })
  .filter((t) => {
    try {
      buildSchedule(t);
      return true;
    } catch {
      return false;
    }
  });

/** A payment stream relative to the schedule: early / on time / late (day offset), partial / full / over (pct), some returned. */
const scenarioArb = termsArb.chain((t) => {
  const s = buildSchedule(t);
  const span = diffDays(t.disbursementDate, s.rows.at(-1)!.dueDate) + 40;
  const payment = fc.record({
    row: fc.integer({ min: 0, max: s.rows.length - 1 }),
    offset: fc.integer({ min: -20, max: 45 }),
    pct: fc.constantFrom(10, 50, 99, 100, 100, 100, 101, 150, 300),
    returnedAfter: fc.option(fc.integer({ min: 1, max: 10 }), { freq: 4 }),
    fee: fc.boolean(),
  });
  return fc.record({ s: fc.constant(s), payments: fc.array(payment, { maxLength: 15 }), asOfDay: fc.integer({ min: 0, max: span }) });
});

function buildEntries(
  s: LoanSchedule,
  payments: readonly { row: number; offset: number; pct: number; returnedAfter: number | null; fee: boolean }[],
): LedgerEntry[] {
  const out: LedgerEntry[] = [entry('disbursement', s.terms.disbursementDate, s.disbursedCents)];
  for (const p of payments) {
    const due = s.rows[p.row]!.dueDate;
    let date = addDays(due, p.offset);
    if (date < s.terms.disbursementDate) date = s.terms.disbursementDate;
    const amount = Math.max(1, Math.floor((s.regularPaymentCents * p.pct) / 100));
    const e = entry(p.pct === 100 ? 'scheduled_debit' : 'one_time_payment', date, amount);
    out.push(e);
    if (p.returnedAfter !== null) out.push(entry('reversal', addDays(date, p.returnedAfter), amount, { reversesEntryId: e.id }));
    if (p.fee && p.offset > 10) out.push(entry('late_fee', addDays(due, 10), 1500, { installmentN: p.row + 1 }));
  }
  return out;
}

function lastDate(entries: readonly LedgerEntry[], s: LoanSchedule): IsoDate {
  return entries.reduce((m, e) => (e.effectiveDate > m ? e.effectiveDate : m), s.terms.disbursementDate);
}

describe('ledger properties (random loans × random payment streams)', () => {
  it('sum of allocations equals sum of payments not returned, and no balance goes negative', () => {
    fc.assert(
      fc.property(scenarioArb, ({ s, payments, asOfDay }) => {
        const entries = buildEntries(s, payments);
        const asOf = addDays(s.terms.disbursementDate, Math.max(asOfDay, diffDays(s.terms.disbursementDate, lastDate(entries, s))));
        const p = positionAsOf(s, entries, asOf);
        let allocated = 0;
        let received = 0;
        for (const o of p.payments) {
          if (!o.allocation) {
            expect(o.returnedOn).not.toBeNull();
            continue;
          }
          const a = o.allocation;
          for (const part of [a.feesCents, a.interestCents, a.principalCents, a.prepaidPrincipalCents, a.unappliedCents])
            expect(part).toBeGreaterThanOrEqual(0);
          expect(a.feesCents + a.interestCents + a.principalCents + a.prepaidPrincipalCents + a.unappliedCents).toBe(o.entry.amountCents);
          allocated += a.feesCents + a.interestCents + a.principalCents + a.prepaidPrincipalCents + a.unappliedCents;
          received += o.entry.amountCents;
        }
        expect(allocated).toBe(received);
        expect(p.paidCents).toBe(received);
        // principal paid never exceeds the note
        const principalPaid = p.payments.reduce((x, o) => x + (o.allocation ? o.allocation.principalCents + o.allocation.prepaidPrincipalCents : 0), 0);
        expect(principalPaid + p.principalCents).toBe(s.notePrincipalCents);
        for (const v of [p.principalCents, p.outstandingCents, p.unappliedCents, p.remainingTerms, p.installmentsPaid, p.daysPastDue])
          expect(v).toBeGreaterThanOrEqual(0);
        for (const i of p.ledger.pastDue) for (const v of [i.feeCents, i.interestCents, i.principalCents]) expect(v).toBeGreaterThanOrEqual(0);
        expect(p.installmentsPaid).toBeLessThanOrEqual(s.terms.numberOfPayments);
      }),
      { numRuns: 200 },
    );
  });

  it('paying the payoff quote for D on D leaves exactly zero', () => {
    fc.assert(
      fc.property(scenarioArb, ({ s, payments, asOfDay }) => {
        const entries = buildEntries(s, payments);
        const D = addDays(s.terms.disbursementDate, Math.max(asOfDay, diffDays(s.terms.disbursementDate, lastDate(entries, s))));
        const quote = positionAsOf(s, entries, D).outstandingCents;
        if (quote === 0) return;
        const after = positionAsOf(s, [...entries, entry('payoff', D, quote)], D);
        expect(after.closed).toBe(true);
        expect(after.outstandingCents).toBe(0);
        expect(after.principalCents).toBe(0);
        expect(after.payments.at(-1)!.allocation!.unappliedCents).toBe(0);
        expect(deriveStatus('opened', after)).toBe('closed_paid');
      }),
      { numRuns: 200 },
    );
  });

  it('a refund of the credit whose ACH credit is returned leaves the position as it was before the refund', () => {
    fc.assert(
      fc.property(scenarioArb, fc.integer({ min: 1, max: 50_000 }), fc.integer({ min: 0, max: 5 }), ({ s, payments }, extra, lag) => {
        const entries = buildEntries(s, payments);
        const D = lastDate(entries, s);
        const quote = positionAsOf(s, entries, D).outstandingCents;
        const paid = [...entries, entry('payoff', D, quote + extra)];
        const before = positionAsOf(s, paid, D);
        // At least the extra (the stream may have paid beyond the payoff already).
        expect(before.unappliedCents).toBeGreaterThanOrEqual(extra);
        const refund = entry('refund', D, before.unappliedCents);
        const back = addDays(D, lag);
        const returned = [...paid, refund, entry('reversal', back, refund.amountCents, { reversesEntryId: refund.id })];
        // Refunded until the return's date, then the credit is back: nothing owed, the same money received.
        if (lag > 0) expect(positionAsOf(s, returned, addDays(back, -1))).toMatchObject({ unappliedCents: 0, refundOwedCents: 0, closed: true });
        const after = positionAsOf(s, returned, back);
        const same = positionAsOf(s, paid, back);
        expect(after).toMatchObject({
          unappliedCents: same.unappliedCents,
          paidCents: same.paidCents,
          outstandingCents: same.outstandingCents,
          refundOwedCents: 0,
          closed: true,
        });
      }),
      { numRuns: 150 },
    );
  });

  it('paying every installment on its due date retires the loan with exactly the disclosed total of payments', () => {
    fc.assert(
      fc.property(termsArb, (t) => {
        const s = buildSchedule(t);
        const p = positionAsOf(s, onTimeEntries(s, s.rows.length), s.rows.at(-1)!.dueDate);
        expect(p.closed).toBe(true);
        expect(p.paidCents).toBe(s.totalOfPaymentsCents);
        expect(p.unappliedCents).toBe(0);
        expect(p.installmentsPaid).toBe(s.rows.length);
      }),
      { numRuns: 200 },
    );
  });
});
