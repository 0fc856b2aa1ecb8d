import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { HARDSHIP_MSG } from '../care/hardship';
import { addDays, diffDays, parseIsoDate } from '../dates';
import { cents } from '../money';
import { FREQUENCIES } from './frequency';
import { positionAsOf } from './ledger';
import type { LedgerEntry } from './ledger';
import { buildSchedule } from './schedule';
import { checkRevisedDueDates, deferredSchedule, scheduleAprPercent, ScheduleRevisionError, withRevisedDueDates } from './schedule-revision';

const schedule = buildSchedule({
  amountCents: cents(300_000),
  originationFeeCents: cents(0),
  feeFinanced: false,
  annualRatePercent: '24.99',
  frequency: 'monthly',
  numberOfPayments: 6,
  disbursementDate: parseIsoDate('2029-01-02'),
  firstPaymentDate: parseIsoDate('2029-02-02'),
});
const dates = schedule.rows.map((r) => r.dueDate as string);

describe('withRevisedDueDates', () => {
  it('is the contract schedule itself without a revision', () => {
    expect(withRevisedDueDates(schedule, null)).toBe(schedule);
  });

  it('moves dates only: every row keeps its payment, interest, principal and balance; totals stay', () => {
    const moved = ['2029-02-02', '2029-03-12', '2029-04-12', '2029-05-12', '2029-06-12', '2029-07-12'];
    const r = withRevisedDueDates(schedule, moved);
    expect(r.rows.map((x) => x.dueDate)).toEqual(moved);
    expect(r.dueDates).toEqual(moved);
    expect(r.rows.map(({ dueDate: _, ...x }) => x)).toEqual(schedule.rows.map(({ dueDate: _, ...x }) => x));
    expect(r.totalOfPaymentsCents).toBe(schedule.totalOfPaymentsCents);
    expect(r.totalInterestCents).toBe(schedule.totalInterestCents);
    // Later dates, the same payments: a lower APR, re-disclosed.
    expect(Number(scheduleAprPercent(r))).toBeLessThan(Number(scheduleAprPercent(schedule)));
  });

  it('refuses a wrong count, a bad date, dates out of order or on/before the disbursement, and a moved earlier row', () => {
    expect(() => withRevisedDueDates(schedule, dates.slice(1))).toThrow(ScheduleRevisionError);
    expect(() => withRevisedDueDates(schedule, [...dates.slice(0, 5), '2029-02-31'])).toThrow(/not a date/);
    expect(() => withRevisedDueDates(schedule, [dates[1]!, dates[0]!, ...dates.slice(2)])).toThrow(/not after/);
    expect(() => withRevisedDueDates(schedule, ['2029-01-02', ...dates.slice(1)])).toThrow(/not after 2029-01-02/);
    expect(() => checkRevisedDueDates(schedule, ['2029-02-03', ...dates.slice(1)], 2)).toThrow(/payment 1 may not move/);
    expect(() => checkRevisedDueDates(schedule, [dates[0]!, '2029-03-10', ...dates.slice(2)], 2)).not.toThrow();
  });

  it('property: any increasing dates after the disbursement apply and leave every amount alone', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 40 }), { minLength: 6, maxLength: 6 }), (gaps) => {
        let d = schedule.terms.disbursementDate;
        const revised = gaps.map((g) => (d = addDays(d, g)));
        const r = withRevisedDueDates(schedule, revised);
        expect(r.rows.reduce((s, x) => s + x.paymentCents, 0)).toBe(schedule.totalOfPaymentsCents);
        expect(r.rows.map((x) => x.n)).toEqual(schedule.rows.map((x) => x.n));
      }),
    );
  });
});

describe('deferredSchedule (a hardship deferral: the one schedule the previews show and the approval applies)', () => {
  const entries = (...xs: { kind: LedgerEntry['kind']; on: string; cents: number; installmentN?: number }[]): LedgerEntry[] => [
    { id: 1, kind: 'disbursement', effectiveDate: schedule.terms.disbursementDate, amountCents: schedule.disbursedCents },
    ...xs.map((x, i) => ({ id: i + 2, kind: x.kind, effectiveDate: parseIsoDate(x.on), amountCents: x.cents, installmentN: x.installmentN ?? null })),
  ];
  const ok = (r: ReturnType<typeof deferredSchedule>) => {
    if (!r.ok) throw new Error(r.message);
    return r.deferral;
  };
  const pay1 = schedule.rows[0]!.paymentCents;

  it('keeps an installment whose debit is on its way, and it stays the next payment due (not the first moved one)', () => {
    // Business date 2029-01-30: payment 1 (2029-02-02) has its auto-debit scheduled.
    const d = ok(deferredSchedule({ schedule, entries: entries(), today: parseIsoDate('2029-01-30'), inFlightN: [1] }, 1));
    expect(d.firstMovedN).toBe(2);
    expect(d.dueDatesAfter).toEqual(['2029-02-02', '2029-04-02', '2029-05-02', '2029-06-02', '2029-07-02', '2029-08-02']);
    expect(d.nextDueDate).toBe('2029-02-02');
    expect(d.rows.map((r) => r.moved)).toEqual([false, true, true, true, true, true]);
    expect(d.schedule.dueDates).toEqual(d.dueDatesAfter);
    expect(d.maturityAfter).toBe('2029-08-02');
    // Without the debit on its way, payment 1 moves and is the next one due, two periods later.
    const free = ok(deferredSchedule({ schedule, entries: entries(), today: parseIsoDate('2029-01-30'), inFlightN: [] }, 2));
    expect([free.firstMovedN, free.nextDueDate, free.dueDatesAfter[0]]).toEqual([1, '2029-04-02', '2029-04-02']);
  });

  it('a past-due loan: every unpaid installment moves and the next payment due is the first one’s new date; paid ones stay', () => {
    const pastDue = ok(deferredSchedule({ schedule, entries: entries(), today: parseIsoDate('2029-02-20'), inFlightN: [] }, 1));
    expect([pastDue.firstMovedN, pastDue.nextDueDate]).toEqual([1, '2029-03-02']);
    const paid = ok(
      deferredSchedule(
        { schedule, entries: entries({ kind: 'scheduled_debit', on: '2029-02-02', cents: pay1 }), today: parseIsoDate('2029-02-20'), inFlightN: [1] },
        3,
      ),
    );
    expect([paid.firstMovedN, paid.nextDueDate]).toEqual([2, '2029-06-02']);
    expect(paid.dueDatesAfter.slice(0, 2)).toEqual(['2029-02-02', '2029-06-02']);
  });

  it('waiving the late fees (as the approval does) changes no date', () => {
    const e = entries({ kind: 'late_fee', on: '2029-02-12', cents: 1_500, installmentN: 1 });
    const a = ok(deferredSchedule({ schedule, entries: e, today: parseIsoDate('2029-02-20'), inFlightN: [] }, 2));
    const b = ok(deferredSchedule({ schedule, entries: e, today: parseIsoDate('2029-02-20'), inFlightN: [] }, 2, { waiveLateFees: true }));
    expect([b.dueDatesAfter, b.nextDueDate]).toEqual([a.dueDatesAfter, a.nextDueDate]);
  });

  it('refuses k outside 1..3, a loan with nothing left to defer, and a loan paid off', () => {
    const today = parseIsoDate('2029-02-20');
    expect(deferredSchedule({ schedule, entries: entries(), today, inFlightN: [] }, 4)).toEqual({ ok: false, message: HARDSHIP_MSG.deferralRange });
    expect(deferredSchedule({ schedule, entries: entries(), today, inFlightN: [6] }, 1)).toEqual({ ok: false, message: HARDSHIP_MSG.noneLeft });
    const payoff = positionAsOf(schedule, entries(), today).outstandingCents;
    expect(deferredSchedule({ schedule, entries: entries({ kind: 'payoff', on: '2029-02-20', cents: payoff }), today, inFlightN: [] }, 1)).toEqual({
      ok: false,
      message: HARDSHIP_MSG.noneLeft,
    });
  });

  it('property: for random loans, payments, debits on their way and request dates, the preview is the approval as servicing applies it', () => {
    const loanArb = fc.record({
      frequency: fc.constantFrom(...FREQUENCIES),
      count: fc.integer({ min: 2, max: 18 }),
      firstGap: fc.integer({ min: 7, max: 40 }),
      // Each installment: paid on time, partly paid late, or not at all (a share of its payment, days after its due date).
      pays: fc.array(fc.record({ pct: fc.constantFrom(0, 0, 40, 100, 100, 100), late: fc.integer({ min: 0, max: 20 }) }), { minLength: 18, maxLength: 18 }),
      todayAt: fc.integer({ min: 0, max: 600 }),
      inFlightNext: fc.boolean(),
      k: fc.integer({ min: 1, max: 3 }),
      fees: fc.boolean(),
      waive: fc.boolean(),
    });
    fc.assert(
      fc.property(loanArb, (p) => {
        const disbursed = parseIsoDate('2029-01-02');
        const s = buildSchedule({
          amountCents: cents(250_000),
          originationFeeCents: cents(0),
          feeFinanced: false,
          annualRatePercent: '29.99',
          frequency: p.frequency,
          numberOfPayments: p.count,
          disbursementDate: disbursed,
          firstPaymentDate: addDays(disbursed, p.firstGap),
        });
        const today = addDays(disbursed, Math.min(p.todayAt, diffDays(disbursed, s.rows.at(-1)!.dueDate) + 30));
        const led: LedgerEntry[] = [{ id: 1, kind: 'disbursement', effectiveDate: disbursed, amountCents: s.disbursedCents }];
        s.rows.forEach((r, i) => {
          const pay = p.pays[i]!;
          const on = addDays(r.dueDate, pay.late);
          const amount = Math.floor((r.paymentCents * pay.pct) / 100);
          if (amount > 0 && on <= today) led.push({ id: led.length + 1, kind: 'scheduled_debit', effectiveDate: on, amountCents: amount });
          if (p.fees && pay.pct < 100 && addDays(r.dueDate, 10) <= today)
            led.push({ id: led.length + 1, kind: 'late_fee', effectiveDate: addDays(r.dueDate, 10), amountCents: 1_500, installmentN: r.n });
        });
        const position = positionAsOf(s, led, today);
        const inFlightN = p.inFlightNext && !position.closed ? [position.installmentsPaid + 1] : [];
        const out = deferredSchedule({ schedule: s, entries: led, today, inFlightN }, p.k, { waiveLateFees: p.waive });
        if (!out.ok) {
          expect(out.message).toBe(HARDSHIP_MSG.noneLeft);
          return;
        }
        const d = out.deferral;
        // The approval: the dates stored and applied to the schedule in force, the loan read the same business date.
        checkRevisedDueDates(s, d.dueDatesAfter, d.firstMovedN);
        const approved = withRevisedDueDates(s, d.dueDatesAfter);
        expect(d.schedule.rows).toEqual(approved.rows);
        const waived = p.waive
          ? [
              ...led,
              ...led
                .filter((e) => e.kind === 'late_fee')
                .map((e, i) => ({ id: 1000 + i, kind: 'waiver' as const, effectiveDate: today, amountCents: e.amountCents, reversesEntryId: e.id })),
            ]
          : led;
        expect(d.nextDueDate).toBe(positionAsOf(approved, waived, today).nextDueDate);
        // Paid and in-flight installments stay. Without late fees (the replay re-attaches a fee, and a waiver may
        // complete a payment), the next payment due is the first unpaid installment on its date after the deferral:
        // the kept one when its debit is on its way.
        const firstUnpaid = position.installmentsPaid + 1;
        expect(d.firstMovedN).toBe(Math.max(firstUnpaid, ...inFlightN.map((n) => n + 1)));
        if (!p.fees) expect(d.nextDueDate).toBe(d.dueDatesAfter[firstUnpaid - 1]);
        d.rows.forEach((r) => expect(r.moved).toBe(r.n >= d.firstMovedN));
      }),
      { numRuns: 500 },
    );
  });
});
