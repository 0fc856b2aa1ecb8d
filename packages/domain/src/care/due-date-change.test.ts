import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays, fromEpochDay, parseIsoDate, toEpochDay } from '../dates';
import type { IsoDate } from '../dates';
import { singleAdvanceApr, unitPeriodFor } from '../loan/apr';
import { FREQUENCIES } from '../loan/frequency';
import type { Frequency } from '../loan/frequency';
import { buildSchedule } from '../loan/schedule';
import { cents } from '../money';
import { DUE_DATE_CHANGE_RULES, DUE_DATE_MSG, changeDueDate, dueDateChangeDisclosure, dueDateChangeWindow, firstMovable } from './due-date-change';
import type { DueDateChangeInput } from './due-date-change';

const D = parseIsoDate;

function loanInput(
  o: { frequency?: Frequency; payments?: number; amountCents?: number; disbursement?: IsoDate; firstPayment?: IsoDate } = {},
): Omit<DueDateChangeInput, 'today' | 'newDueDate'> {
  const schedule = buildSchedule({
    amountCents: cents(o.amountCents ?? 250_000),
    originationFeeCents: cents(5_000),
    feeFinanced: false,
    annualRatePercent: '24.99',
    frequency: o.frequency ?? 'monthly',
    numberOfPayments: o.payments ?? 12,
    disbursementDate: o.disbursement ?? D('2029-01-02'),
    firstPaymentDate: o.firstPayment ?? D('2029-02-02'),
  });
  return {
    loanStatus: 'opened',
    pastDue: false,
    frequency: schedule.terms.frequency,
    disbursementDate: schedule.terms.disbursementDate,
    amountFinancedCents: schedule.amountFinancedCents,
    installments: schedule.rows.map((r) => ({ n: r.n, dueDate: r.dueDate, paymentCents: r.paymentCents })),
    paidThroughN: 0,
    lastChangeOn: null,
  };
}

describe('due-date change rules', () => {
  it('moves the remaining payments to the new day of month and re-discloses the APR', () => {
    const input = loanInput();
    const out = changeDueDate({ ...input, paidThroughN: 1, today: D('2029-02-10'), newDueDate: D('2029-03-12') });
    expect(out.ok).toBe(true);
    if (!out.ok) return;
    expect(out.change.moved).toEqual([2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    expect(out.change.shiftDays).toBe(10);
    expect(out.change.installments[0]!.dueDate).toBe('2029-02-02');
    expect(out.change.installments.slice(1, 4).map((r) => r.dueDate)).toEqual(['2029-03-12', '2029-04-12', '2029-05-12']);
    expect(out.change.aprChanged).toBe(true);
    expect(Number(out.change.newAprPercent)).toBeLessThan(Number(out.change.oldAprPercent));
  });

  it('refuses: a closed or past-due loan, a second change within 12 months, too far, too soon, the same date', () => {
    const input = loanInput();
    const at = { today: D('2029-02-10'), newDueDate: D('2029-03-12') };
    expect(changeDueDate({ ...input, ...at, loanStatus: 'closed_paid' })).toEqual({ ok: false, message: DUE_DATE_MSG.notActive });
    expect(changeDueDate({ ...input, ...at, pastDue: true })).toEqual({ ok: false, message: DUE_DATE_MSG.pastDue });
    expect(changeDueDate({ ...input, ...at, lastChangeOn: D('2028-03-01') })).toEqual({ ok: false, message: DUE_DATE_MSG.tooSoon, availableOn: '2029-03-01' });
    expect(changeDueDate({ ...input, ...at, lastChangeOn: D('2028-02-10') }).ok).toBe(true);
    expect(changeDueDate({ ...input, today: D('2029-02-10'), newDueDate: D('2029-03-19') })).toEqual({ ok: false, message: DUE_DATE_MSG.tooFar });
    expect(changeDueDate({ ...input, today: D('2029-02-10'), newDueDate: D('2029-03-02') })).toEqual({ ok: false, message: DUE_DATE_MSG.same });
    // On 2029-01-20 the 2029-02-02 payment can move, but not to 3 days from today.
    expect(changeDueDate({ ...input, today: D('2029-01-20'), newDueDate: D('2029-01-23') })).toEqual({ ok: false, message: DUE_DATE_MSG.notice });
    expect(changeDueDate({ ...input, paidThroughN: 12, today: D('2029-02-10'), newDueDate: D('2029-03-12') })).toEqual({
      ok: false,
      message: DUE_DATE_MSG.noneLeft,
    });
  });

  it('never moves a payment before the one kept ahead of it', () => {
    const input = loanInput({ frequency: 'weekly', payments: 20, firstPayment: D('2029-01-09') });
    // Today 2029-01-12: the 01-16 payment is within notice and stays; the next (01-23) moves.
    expect(firstMovable(input.installments, 0, D('2029-01-12'))!.dueDate).toBe('2029-01-23');
    // Paid ahead through 01-23: the 01-30 payment cannot move to or before it.
    expect(changeDueDate({ ...input, paidThroughN: 3, today: D('2029-01-12'), newDueDate: D('2029-01-20') })).toEqual({
      ok: false,
      message: DUE_DATE_MSG.order,
    });
    expect(changeDueDate({ ...input, paidThroughN: 3, today: D('2029-01-12'), newDueDate: D('2029-01-25') }).ok).toBe(true);
  });
});

describe('due-date change: debits in flight, the allowed window, the re-disclosure', () => {
  it('refuses while a debit for the first movable payment is scheduled or pending; a debit of a later one does not block', () => {
    const input = loanInput();
    const at = { today: D('2029-02-10'), newDueDate: D('2029-03-12'), paidThroughN: 1 };
    expect(changeDueDate({ ...input, ...at, inFlightNs: [2] })).toEqual({ ok: false, message: DUE_DATE_MSG.inFlight });
    expect(changeDueDate({ ...input, ...at, inFlightNs: [3] }).ok).toBe(true);
  });

  it('gives the window of dates the first movable payment may take', () => {
    const input = loanInput();
    expect(dueDateChangeWindow(input.installments, 1, D('2029-02-10'))).toEqual({ current: '2029-03-02', earliest: '2029-02-15', latest: '2029-03-17' });
    // Close to the previous payment: the day after it.
    const weekly = loanInput({ frequency: 'weekly', payments: 20, firstPayment: D('2029-01-09') });
    expect(dueDateChangeWindow(weekly.installments, 0, D('2029-01-12'))).toEqual({ current: '2029-01-23', earliest: '2029-01-17', latest: '2029-02-07' });
    expect(dueDateChangeWindow(input.installments, 12, D('2029-02-10'))).toBeNull();
  });

  it('re-discloses the APR in words only when it changes', () => {
    const base = { loanNumber: 'L-1', oldApr: '30.12', newApr: '29.80', totalOfPayments: '$2,835.00', financeCharge: '$335.00' };
    expect(dueDateChangeDisclosure({ ...base, aprChanged: true }).join(' ')).toContain('changes from 30.12% to 29.80%');
    expect(dueDateChangeDisclosure({ ...base, aprChanged: false }).join(' ')).toContain('stays 29.80%');
  });
});

describe('due-date change properties', () => {
  const arb = fc.record({
    frequency: fc.constantFrom(...FREQUENCIES),
    payments: fc.integer({ min: 2, max: 36 }),
    amountCents: fc.integer({ min: 50_000, max: 2_000_000 }),
    disbursementDay: fc.integer({ min: toEpochDay(D('2027-01-01')), max: toEpochDay(D('2031-12-31')) }),
    firstGap: fc.integer({ min: 7, max: 45 }),
    todayOffset: fc.integer({ min: 0, max: 400 }),
    shift: fc.integer({ min: -DUE_DATE_CHANGE_RULES.maxShiftDays, max: DUE_DATE_CHANGE_RULES.maxShiftDays }),
    paidThroughN: fc.integer({ min: 0, max: 40 }),
    inFlight: fc.array(fc.integer({ min: 1, max: 40 }), { maxLength: 3 }),
  });

  it('no payment is lost: same installments, same amounts, same total, dates strictly increasing, only later ones moved', () => {
    fc.assert(
      fc.property(arb, (a) => {
        const disbursement = fromEpochDay(a.disbursementDay);
        const input = loanInput({
          frequency: a.frequency,
          payments: a.payments,
          amountCents: a.amountCents,
          disbursement,
          firstPayment: addDays(disbursement, a.firstGap),
        });
        const today = addDays(disbursement, a.todayOffset);
        const paid = Math.min(a.paidThroughN, input.installments.length);
        const first = firstMovable(input.installments, paid, today);
        if (!first) return;
        const out = changeDueDate({ ...input, paidThroughN: paid, inFlightNs: a.inFlight, today, newDueDate: addDays(first.dueDate, a.shift) });
        if (a.inFlight.includes(first.n)) expect(out).toEqual({ ok: false, message: DUE_DATE_MSG.inFlight });
        if (!out.ok) return;
        const before = input.installments;
        const after = out.change.installments;
        expect(after.map((r) => [r.n, r.paymentCents])).toEqual(before.map((r) => [r.n, r.paymentCents]));
        expect(out.change.totalOfPaymentsCents).toBe(before.reduce((s, r) => s + r.paymentCents, 0));
        for (let i = 1; i < after.length; i++) expect(after[i]!.dueDate > after[i - 1]!.dueDate).toBe(true);
        for (const r of after) if (!out.change.moved.includes(r.n)) expect(r.dueDate).toBe(before.find((b) => b.n === r.n)!.dueDate);
        for (const n of out.change.moved) expect(n > paid).toBe(true);
        // A debit in flight is for a payment before the moved ones, or after them all: never moved itself.
        for (const n of a.inFlight) if (n <= first.n) expect(out.change.moved.includes(n)).toBe(false);
        expect(after.every((r) => !out.change.moved.includes(r.n) || r.dueDate >= addDays(today, DUE_DATE_CHANGE_RULES.minNoticeDays))).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  it('the APR is re-disclosed from the new dates, and flagged exactly when it changes', () => {
    fc.assert(
      fc.property(arb, (a) => {
        const disbursement = fromEpochDay(a.disbursementDay);
        const input = loanInput({
          frequency: a.frequency,
          payments: a.payments,
          amountCents: a.amountCents,
          disbursement,
          firstPayment: addDays(disbursement, a.firstGap),
        });
        const today = addDays(disbursement, a.todayOffset);
        const first = firstMovable(input.installments, 0, today);
        if (!first) return;
        const out = changeDueDate({ ...input, today, newDueDate: addDays(first.dueDate, a.shift) });
        if (!out.ok) return;
        const apr = (rows: readonly { dueDate: IsoDate; paymentCents: number }[]) =>
          singleAdvanceApr(
            input.amountFinancedCents,
            disbursement,
            rows.map((r) => ({ date: r.dueDate, amountCents: r.paymentCents })),
            unitPeriodFor(a.frequency),
          ).aprPercent;
        expect(out.change.oldAprPercent).toBe(apr(input.installments));
        expect(out.change.newAprPercent).toBe(apr(out.change.installments));
        expect(out.change.aprChanged).toBe(out.change.newAprPercent !== out.change.oldAprPercent);
        // Later payments on the same amounts can only lower the APR; earlier ones only raise it.
        if (out.change.shiftDays > 0) expect(Number(out.change.newAprPercent)).toBeLessThanOrEqual(Number(out.change.oldAprPercent));
      }),
      { numRuns: 200 },
    );
  });

  it('every date of the window that is not the current one is accepted, and the days just outside it are refused', () => {
    fc.assert(
      fc.property(arb, fc.integer({ min: 0, max: 60 }), (a, pick) => {
        const disbursement = fromEpochDay(a.disbursementDay);
        const input = loanInput({
          frequency: a.frequency,
          payments: a.payments,
          amountCents: a.amountCents,
          disbursement,
          firstPayment: addDays(disbursement, a.firstGap),
        });
        const today = addDays(disbursement, a.todayOffset);
        const paid = Math.min(a.paidThroughN, input.installments.length);
        const w = dueDateChangeWindow(input.installments, paid, today);
        if (!w) return;
        const span = toEpochDay(w.latest) - toEpochDay(w.earliest);
        const date = addDays(w.earliest, pick % (span + 1));
        const at = { ...input, paidThroughN: paid, today };
        if (date !== w.current) expect(changeDueDate({ ...at, newDueDate: date }).ok).toBe(true);
        expect(changeDueDate({ ...at, newDueDate: addDays(w.earliest, -1) }).ok).toBe(false);
        expect(changeDueDate({ ...at, newDueDate: addDays(w.latest, 1) }).ok).toBe(false);
      }),
      { numRuns: 300 },
    );
  });
});
