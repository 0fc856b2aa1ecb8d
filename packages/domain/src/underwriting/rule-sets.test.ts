import { describe, expect, it } from 'vitest';
import { parseIsoDate } from '../dates';
import { DEFAULT_RULE_SET } from './default-rule-set';
import { RULE_SETS, ruleSetFor } from './rule-sets';

describe('the rule sets in use', () => {
  it('are oldest first and each valid from its effective date on', () => {
    expect(RULE_SETS[0]).toBe(DEFAULT_RULE_SET);
    const dates = RULE_SETS.map((s) => s.effectiveFrom);
    expect([...dates].sort()).toEqual(dates);
    for (const s of RULE_SETS) expect(ruleSetFor(s.effectiveFrom).effectiveFrom >= s.effectiveFrom).toBe(true);
  });

  it('the default set decides from 2026-11-01; none is in force before', () => {
    expect(ruleSetFor(parseIsoDate('2026-11-01')).version).toBe('2026-11-01');
    expect(ruleSetFor(parseIsoDate('2027-06-30')).version).toBe(RULE_SETS.at(-1)!.version);
    expect(() => ruleSetFor(parseIsoDate('2026-10-31'))).toThrow(RangeError);
  });
});
