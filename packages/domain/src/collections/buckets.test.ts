import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DELINQUENCY_BUCKETS, DELINQUENCY_BUCKET_RANGES, bucketOf, rollsForward } from './buckets';

describe('delinquency buckets', () => {
  it('puts each edge day in its bucket', () => {
    const cases: [number, string][] = [
      [0, 'current'],
      [1, '1-29'],
      [29, '1-29'],
      [30, '30-59'],
      [59, '30-59'],
      [60, '60-89'],
      [89, '60-89'],
      [90, '90-119'],
      [119, '90-119'],
      [120, '120+'],
      [400, '120+'],
    ];
    for (const [d, b] of cases) expect(bucketOf(d), String(d)).toBe(b);
  });
  it('refuses negative or fractional days', () => {
    expect(() => bucketOf(-1)).toThrow(RangeError);
    expect(() => bucketOf(1.5)).toThrow(RangeError);
  });
  it('agrees with the ranges, which cover every day once', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 5000 }), (d) => {
        const holding = DELINQUENCY_BUCKETS.filter((b) => {
          const r = DELINQUENCY_BUCKET_RANGES[b];
          return d >= r.min && (r.max === null || d <= r.max);
        });
        expect(holding).toEqual([bucketOf(d)]);
      }),
    );
  });
  it('orders buckets: more days never rolls back', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 500 }), fc.integer({ min: 0, max: 500 }), (a, b) => {
        const [lo, hi] = a <= b ? [a, b] : [b, a];
        expect(rollsForward(bucketOf(hi), bucketOf(lo))).toBe(false);
      }),
    );
    expect(rollsForward('current', '1-29')).toBe(true);
    expect(rollsForward('120+', '90-119')).toBe(false);
  });
});
