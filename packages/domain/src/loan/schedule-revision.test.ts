import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays, parseIsoDate } from '../dates';
import { cents } from '../money';
import { buildSchedule } from './schedule';
import { checkRevisedDueDates, scheduleAprPercent, ScheduleRevisionError, withRevisedDueDates } from './schedule-revision';

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
