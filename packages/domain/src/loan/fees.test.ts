import { describe, expect, it } from 'vitest';
import { chargedFee, feeFor, feeLabel } from './fees';

describe('fees', () => {
  it('labels the upfront fee', () => {
    expect(feeLabel(2500, 0)).toBe('origination fee');
    expect(feeLabel(2500, 1000)).toBe('origination fee');
    expect(feeLabel(0, 1000)).toBe('document preparation fee');
    expect(feeLabel(0, 0)).toBe('origination fee');
  });
  it('charges the origination fee, else the other fee', () => {
    expect(chargedFee(2500, 1000)).toBe(2500);
    expect(chargedFee(0, 1000)).toBe(1000);
  });
  it('evaluates flat + percentage fees with the one rounding, capped', () => {
    expect(feeFor({ percentOfAmount: '2.5' }, 123_45)).toBe(309); // 308.625 → 309
    expect(feeFor({ flatCents: 1000, percentOfAmount: '1' }, 50_000)).toBe(1500);
    expect(feeFor({ percentOfAmount: '10', maxCents: 5000 }, 100_000)).toBe(5000);
    expect(feeFor(undefined, 100_000)).toBe(0);
  });
});
