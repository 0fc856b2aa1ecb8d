import { describe, expect, it } from 'vitest';
import { cents } from '../money';
import { chargedFee, feeFor, feeLabel } from './fees';

describe('fees', () => {
  it('labels the upfront fee', () => {
    expect(feeLabel(cents(2500), cents(0))).toBe('origination fee');
    expect(feeLabel(cents(2500), cents(1000))).toBe('origination fee');
    expect(feeLabel(cents(0), cents(1000))).toBe('document preparation fee');
    expect(feeLabel(cents(0), cents(0))).toBe('origination fee');
  });
  it('charges the origination fee, else the other fee', () => {
    expect(chargedFee(cents(2500), cents(1000))).toBe(2500);
    expect(chargedFee(cents(0), cents(1000))).toBe(1000);
  });
  it('evaluates flat + percentage fees with the one rounding, capped', () => {
    expect(feeFor({ percentOfAmount: '2.5' }, cents(123_45))).toBe(309); // 308.625 → 309
    expect(feeFor({ flatCents: cents(1000), percentOfAmount: '1' }, cents(50_000))).toBe(1500);
    expect(feeFor({ percentOfAmount: '10', maxCents: cents(5000) }, cents(100_000))).toBe(5000);
    expect(feeFor(undefined, cents(100_000))).toBe(0);
  });
});
