import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays, parseIsoDate } from '../dates';
import { FREQUENCIES } from '../loan/frequency';
import { positionAsOf } from '../loan/ledger';
import type { LedgerEntry } from '../loan/ledger';
import { buildSchedule } from '../loan/schedule';
import { cents } from '../money';
import { simulateExtraPayments } from './what-if';

const d = parseIsoDate;
// $3,000 + $90 financed fee at 15.5 %, 12 monthly payments of $279.63: finance charge $265.54.
const S = buildSchedule({
  amountCents: cents(300000),
  originationFeeCents: cents(9000),
  feeFinanced: true,
  annualRatePercent: '15.5',
  frequency: 'monthly',
  numberOfPayments: 12,
  disbursementDate: d('2024-01-15'),
  firstPaymentDate: d('2024-01-31'),
});
const START: LedgerEntry[] = [{ id: 1, kind: 'disbursement', effectiveDate: d('2024-01-15'), amountCents: 300000 }];
const fresh = () => positionAsOf(S, START, d('2024-01-15')).ledger;

describe('simulateExtraPayments (golden, to the cent)', () => {
  it('with no extra the baseline is the disclosed schedule: $265.54 interest, paid off on the last due date', () => {
    const r = simulateExtraPayments(fresh(), d('2024-01-15'), {});
    expect(r.baseline).toMatchObject({ payoffDate: '2024-12-31', interestCents: 26554, paidCents: 335554, installmentCount: 12 });
    expect(r.scenario).toEqual(r.baseline);
    expect(r).toMatchObject({ interestSavedCents: 0, daysSooner: 0, installmentsFewer: 0 });
  });

  it('$500 once on 02/15/2024: $19.04 of it is the interest earned so far, $480.96 principal; the loan ends 11/30/2024 and saves $62.47', () => {
    const r = simulateExtraPayments(fresh(), d('2024-01-15'), { oneTime: [{ date: d('2024-02-15'), amountCents: 50000 }] });
    expect(r.scenario.points.slice(0, 3)).toEqual([
      { date: '2024-01-15', principalCents: 309000 },
      { date: '2024-01-31', principalCents: 285028 },
      { date: '2024-02-15', principalCents: 236932 },
    ]);
    expect(r.scenario).toMatchObject({ payoffDate: '2024-11-30', interestCents: 20307, installmentCount: 11 });
    expect(r).toMatchObject({ interestSavedCents: 6247, daysSooner: 31, installmentsFewer: 1 });
  });

  it('$100 more with every installment: paid off 09/30/2024, three installments fewer, $69.15 saved', () => {
    const r = simulateExtraPayments(fresh(), d('2024-01-15'), { recurring: { amountCents: 10000 } });
    expect(r.scenario).toMatchObject({ payoffDate: '2024-09-30', interestCents: 19639 });
    expect(r).toMatchObject({ interestSavedCents: 6915, daysSooner: 92, installmentsFewer: 3 });
  });

  it('an extra beyond the payoff closes the loan that day and counts only what was owed', () => {
    const r = simulateExtraPayments(fresh(), d('2024-01-15'), { oneTime: [{ date: d('2024-03-10'), amountCents: 9_000_000 }] });
    expect(r.scenario.payoffDate).toBe('2024-03-10');
    expect(r.scenario.paidCents - r.scenario.interestCents).toBe(309000);
  });

  it('refuses an extra before the as-of date or a non-positive amount', () => {
    expect(() => simulateExtraPayments(fresh(), d('2024-02-01'), { oneTime: [{ date: d('2024-01-31'), amountCents: 100 }] })).toThrow(RangeError);
    expect(() => simulateExtraPayments(fresh(), d('2024-01-15'), { recurring: { amountCents: 0 } })).toThrow(RangeError);
  });
});

describe('simulateExtraPayments properties (random loans × random extras)', () => {
  const loan = fc.record({
    amount: fc.integer({ min: 50_000, max: 2_000_000 }),
    rate: fc.constantFrom('0', '5.99', '12', '18.5', '29.9'),
    frequency: fc.constantFrom(...FREQUENCIES),
    n: fc.integer({ min: 2, max: 36 }),
    firstIn: fc.integer({ min: 7, max: 40 }),
  });
  const extras = fc.record({
    oneTime: fc.array(fc.record({ day: fc.integer({ min: 0, max: 900 }), amount: fc.integer({ min: 1, max: 500_000 }) }), { maxLength: 4 }),
    recurring: fc.option(fc.integer({ min: 1, max: 100_000 }), { nil: null }),
    asOfDay: fc.integer({ min: 0, max: 120 }),
  });

  it('interest saved is never negative, the payoff date never later, and principal is repaid exactly once', () => {
    fc.assert(
      fc.property(loan, extras, (l, x) => {
        const start = d('2025-03-10');
        let schedule;
        try {
          schedule = buildSchedule({
            amountCents: cents(l.amount),
            originationFeeCents: cents(0),
            feeFinanced: false,
            annualRatePercent: l.rate,
            frequency: l.frequency,
            numberOfPayments: l.n,
            disbursementDate: start,
            firstPaymentDate: addDays(start, l.firstIn),
          });
        } catch {
          return; // terms the engine refuses (a payment that does not amortise)
        }
        // Installments paid on time up to the as-of date.
        const asOf = addDays(start, x.asOfDay);
        const paid: LedgerEntry[] = schedule.rows
          .filter((r) => r.dueDate <= asOf)
          .map((r, k) => ({ id: k + 2, kind: 'scheduled_debit', effectiveDate: r.dueDate, amountCents: r.paymentCents }));
        const position = positionAsOf(schedule, [{ id: 1, kind: 'disbursement', effectiveDate: start, amountCents: l.amount }, ...paid], asOf);
        const r = simulateExtraPayments(position.ledger, asOf, {
          oneTime: x.oneTime.map((p) => ({ date: addDays(asOf, p.day), amountCents: p.amount })),
          recurring: x.recurring === null ? null : { amountCents: x.recurring },
        });
        expect(r.scenario.interestCents).toBeLessThanOrEqual(r.baseline.interestCents);
        expect(r.scenario.payoffDate <= r.baseline.payoffDate).toBe(true);
        expect(r.scenario.paidCents - r.scenario.interestCents).toBe(position.principalCents);
        expect(r.baseline.paidCents - r.baseline.interestCents).toBe(position.principalCents);
        expect(r.scenario.points.at(-1)?.principalCents).toBe(0);
      }),
      { numRuns: 300 },
    );
  });
});
