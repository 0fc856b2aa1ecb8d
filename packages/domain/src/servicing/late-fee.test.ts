import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { IsoDate } from '../dates';
import { addDays } from '../dates';
import { DEFAULT_LATE_FEE_POLICY, graceEnds, lateFeeAmount, lateFeePolicy, lateFeesDue } from './late-fee';

const d = (s: string): IsoDate => s as IsoDate;

describe('lateFeeAmount', () => {
  it('is the greater of $15 and 5 %, capped at $30', () => {
    expect(lateFeeAmount(10_000)).toBe(1500); // 5 % = $5 → flat $15
    expect(lateFeeAmount(30_000)).toBe(1500); // 5 % = $15
    expect(lateFeeAmount(40_010)).toBe(2001); // 5 % = 20.005 → half-up 20.01
    expect(lateFeeAmount(100_000)).toBe(3000); // capped
  });
  it('property: always between the flat fee and the cap', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10_000_000 }), (amount) => {
        const fee = lateFeeAmount(amount);
        expect(fee).toBeGreaterThanOrEqual(DEFAULT_LATE_FEE_POLICY.flatCents);
        expect(fee).toBeLessThanOrEqual(DEFAULT_LATE_FEE_POLICY.maxCents);
        expect(Number.isInteger(fee)).toBe(true);
      }),
    );
  });
});

describe('lateFeePolicy', () => {
  it('builds from configuration text', () => {
    const p = lateFeePolicy(10, 2500, '4.5', 4000);
    expect(p.graceDays).toBe(10);
    expect(lateFeeAmount(100_000, p)).toBe(4000);
    expect(lateFeeAmount(60_000, p)).toBe(2700);
  });
  it.each([
    [-1, 1500, '5', 3000],
    [15, -1, '5', 3000],
    [15, 1500, 'five', 3000],
    [15, 1500, '101', 3000],
    [15, 1500, '5', 1000],
    [1.5, 1500, '5', 3000],
  ])('refuses %s %s %s %s', (g, f, p, m) => expect(() => lateFeePolicy(g, f, p, m)).toThrow(RangeError));
});

describe('lateFeesDue', () => {
  const inst = (n: number, due: string, unpaid: number) => ({ n, dueDate: d(due), scheduledCents: 20_000, unpaidCents: unpaid });
  it('charges nothing within the grace period, including its last day (due + 15)', () => {
    expect(graceEnds(d('2026-01-01'))).toBe('2026-01-16');
    expect(lateFeesDue([inst(1, '2026-01-01', 20_000)], new Set(), d('2026-01-16'))).toEqual([]);
  });
  it('charges once the grace period has passed', () => {
    expect(lateFeesDue([inst(1, '2026-01-01', 20_000)], new Set(), d('2026-01-17'))).toEqual([{ n: 1, amountCents: 1500 }]);
  });
  it('charges a partly paid installment, not a paid one', () => {
    expect(lateFeesDue([inst(1, '2026-01-01', 1), inst(2, '2026-01-08', 0)], new Set(), d('2026-02-01'))).toEqual([{ n: 1, amountCents: 1500 }]);
  });
  it('charges no more than once per installment', () => {
    expect(lateFeesDue([inst(1, '2026-01-01', 20_000), inst(2, '2026-02-01', 20_000)], new Set([1]), d('2026-03-01'))).toEqual([{ n: 2, amountCents: 1500 }]);
  });
  it('charges nothing with a zero-fee policy', () => {
    expect(lateFeesDue([inst(1, '2026-01-01', 20_000)], new Set(), d('2026-03-01'), lateFeePolicy(15, 0, '0', 0))).toEqual([]);
  });
  it('property: idempotent — recording the fees due leaves nothing more to charge on the same or a later date', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ offset: fc.integer({ min: 0, max: 200 }), unpaid: fc.integer({ min: 0, max: 50_000 }) }), { maxLength: 12 }),
        fc.integer({ min: 0, max: 400 }),
        (rows, later) => {
          const start = d('2026-01-01');
          const list = rows.map((r, k) => ({ n: k + 1, dueDate: addDays(start, r.offset), scheduledCents: 20_000, unpaidCents: r.unpaid }));
          const day = addDays(start, 200);
          const due = lateFeesDue(list, new Set(), day);
          const assessed = new Set(due.map((f) => f.n));
          expect(assessed.size).toBe(due.length);
          expect(lateFeesDue(list, assessed, day)).toEqual([]);
          for (const f of lateFeesDue(list, assessed, addDays(day, later))) expect(assessed.has(f.n)).toBe(false);
        },
      ),
    );
  });
});
