import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays, parseIsoDate } from '../dates';
import type { IsoDate } from '../dates';
import { noticeDue } from './notices';
import { DEFAULT_COLLECTIONS_POLICY } from './policy';

const P = DEFAULT_COLLECTIONS_POLICY;
const d = (s: string) => parseIsoDate(s);

describe('noticeDue', () => {
  it('a reminder 3 days before the due date of a current loan, nothing on other days', () => {
    expect(noticeDue(P, { daysPastDue: 0, nextDueDate: d('2027-03-10') }, d('2027-03-07'), new Set())).toEqual({
      kind: 'reminder',
      day: 3,
      dueDate: '2027-03-10',
    });
    expect(noticeDue(P, { daysPastDue: 0, nextDueDate: d('2027-03-10') }, d('2027-03-08'), new Set())).toBeNull();
    expect(noticeDue(P, { daysPastDue: 0, nextDueDate: null }, d('2027-03-08'), new Set())).toBeNull();
  });
  it('a past-due notice on each policy day, keyed by the oldest unpaid due date', () => {
    for (const day of [1, 15, 30, 60, 90]) {
      expect(noticeDue(P, { daysPastDue: day, nextDueDate: d('2027-01-01') }, addDays(d('2027-01-01'), day), new Set())).toEqual({
        kind: 'past_due',
        day,
        dueDate: '2027-01-01',
      });
    }
    expect(noticeDue(P, { daysPastDue: 2, nextDueDate: d('2027-01-01') }, d('2027-01-03'), new Set([1]))).toBeNull();
  });
  it('a loan that jumps past several days gets the latest reached only, once', () => {
    expect(noticeDue(P, { daysPastDue: 40, nextDueDate: d('2027-01-01') }, d('2027-02-10'), new Set())).toMatchObject({ day: 30 });
    expect(noticeDue(P, { daysPastDue: 41, nextDueDate: d('2027-01-01') }, d('2027-02-11'), new Set([30]))).toBeNull();
  });
  it('none from the charge-off day', () => {
    expect(noticeDue(P, { daysPastDue: 120, nextDueDate: d('2027-01-01') }, d('2027-05-01'), new Set())).toBeNull();
  });
  it('property: walking day by day through any delinquency, each policy day is sent at most once and in order', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 130 }), (last) => {
        const start: IsoDate = d('2027-01-01');
        const sent: number[] = [];
        for (let dpd = 0; dpd <= last; dpd++) {
          const n = noticeDue(P, { daysPastDue: dpd, nextDueDate: start }, addDays(start, dpd), new Set(sent));
          if (n?.kind === 'past_due') sent.push(n.day);
        }
        expect(sent).toEqual(P.pastDueNoticeDays.filter((x) => x <= Math.min(last, 119)));
      }),
    );
  });
});
