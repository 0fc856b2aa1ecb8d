import { describe, expect, it } from 'vitest';
import { cents } from '../money';
import { DEFAULT_RULE_SET } from './default-rule-set';
import { floorToStep, incomeMaxCents, maxAmountCents, programCapCents } from './max-amount';
import type { MaxAmountPolicy } from './rule-set';

const policy = DEFAULT_RULE_SET.maxAmount;

describe('income-based maximum amount = min(program cap, 20% of income rounded down to $100)', () => {
  it('takes the income share when it is below the cap', () => {
    expect(maxAmountCents(cents(30_000_00), 'federal_allotment', policy)).toBe(6_000_00);
    expect(maxAmountCents(cents(30_050_00), 'federal_allotment', policy)).toBe(6_000_00); // $6,010 → $6,000
    expect(maxAmountCents(cents(20_000_00), 'split_direct_deposit', policy)).toBe(4_000_00);
  });
  it('takes the program cap when the income share is above it', () => {
    expect(maxAmountCents(cents(60_000_00), 'federal_allotment', policy)).toBe(10_000_00);
    expect(maxAmountCents(cents(50_000_00), 'b2b_partner', policy)).toBe(7_500_00);
    expect(maxAmountCents(cents(50_000_00), 'split_direct_deposit', policy)).toBe(5_000_00);
    expect(maxAmountCents(cents(100_000_00), 'pending_review', policy)).toBe(5_000_00);
  });
  it('is 0 without income, without an employer, or for a non-eligible employer', () => {
    expect(maxAmountCents(null, 'federal_allotment', policy)).toBe(0);
    expect(maxAmountCents(cents(60_000_00), null, policy)).toBe(0);
    expect(maxAmountCents(cents(60_000_00), 'not_eligible', policy)).toBe(0);
    expect(maxAmountCents(cents(0), 'federal_allotment', policy)).toBe(0);
  });
  it('uses the one half-up rounding on the share, then rounds down to the step', () => {
    const p: MaxAmountPolicy = { ...policy, incomePercent: '12.5', stepCents: cents(1) };
    expect(incomeMaxCents(cents(3), p)).toBe(0); // 0.375 → 0
    expect(incomeMaxCents(cents(4), p)).toBe(1); // 0.5 → 1 (half up)
    expect(incomeMaxCents(cents(33_333_33), { ...p, stepCents: cents(100_00) })).toBe(4_100_00); // 4,166.67 → 4,100
  });
  it('program caps come from the data', () => {
    expect(programCapCents('federal_allotment', policy)).toBe(10_000_00);
    expect(programCapCents('b2b_partner', policy)).toBe(7_500_00);
    expect(programCapCents('split_direct_deposit', policy)).toBe(5_000_00);
    expect(programCapCents('pending_review', policy)).toBe(5_000_00);
    expect(programCapCents('not_eligible', policy)).toBe(0);
    expect(programCapCents(null, policy)).toBe(0);
  });
  it('floors to a step', () => {
    expect(floorToStep(cents(12_345), cents(100))).toBe(12_300);
    expect(floorToStep(cents(12_300), cents(100))).toBe(12_300);
    expect(floorToStep(cents(99), cents(100))).toBe(0);
  });
  it('handles very large incomes exactly', () => {
    expect(incomeMaxCents(cents(Number.MAX_SAFE_INTEGER), { ...policy, incomePercent: '100', stepCents: cents(1) })).toBe(Number.MAX_SAFE_INTEGER);
  });
});
