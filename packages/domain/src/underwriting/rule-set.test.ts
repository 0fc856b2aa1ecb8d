import { cents } from '../money';
import { describe, expect, it } from 'vitest';
import { DEFAULT_RULE_SET } from './default-rule-set';
import { parseIsoDate } from '../dates';
import { defineRuleSet, ruleSetInForce, ruleSetProblems } from './rule-set';
import type { Rule, RuleSet } from './rule-set';

const clone = (): RuleSet => JSON.parse(JSON.stringify(DEFAULT_RULE_SET)) as RuleSet;
const withRule = (i: number, change: (r: Rule) => Rule): RuleSet => {
  const s = clone();
  return { ...s, rules: s.rules.map((r, j) => (j === i ? change(r) : r)) };
};
const idx = (id: string): number => DEFAULT_RULE_SET.rules.findIndex((r) => r.id === id);

describe('DEFAULT_RULE_SET', () => {
  it('is version 2026-11-01, sound, and deeply frozen', () => {
    expect(DEFAULT_RULE_SET.version).toBe('2026-11-01');
    expect(DEFAULT_RULE_SET.effectiveFrom).toBe('2026-11-01');
    expect(ruleSetProblems(DEFAULT_RULE_SET)).toEqual([]);
    expect(Object.isFrozen(DEFAULT_RULE_SET)).toBe(true);
    expect(Object.isFrozen(DEFAULT_RULE_SET.rules[0]?.onFail)).toBe(true);
    expect(Object.isFrozen(DEFAULT_RULE_SET.maxAmount.programCapsCents)).toBe(true);
  });
  it('is plain data: it survives a JSON round trip unchanged', () => {
    expect(clone()).toEqual(DEFAULT_RULE_SET);
  });
  it('lists the rules in priority order', () => {
    expect(DEFAULT_RULE_SET.rules.map((r) => r.id)).toEqual([
      'state_available',
      'legal_age',
      'not_active_military',
      'employer_eligible',
      'employer_reviewed',
      'minimum_tenure',
      'income_supports_minimum_loan',
      'amount_within_max',
      'documents_complete',
    ]);
  });
  it('gives every deny an adverse-action text, a not-qualified text and a reapply policy', () => {
    const denies = DEFAULT_RULE_SET.rules.flatMap((r) => (r.onFail.outcome === 'deny' ? [r.onFail] : []));
    expect(denies).toHaveLength(6);
    for (const d of denies) {
      expect(d.adverseActionText.length).toBeGreaterThan(0);
      expect(d.notQualifiedReason.length).toBeGreaterThan(0);
      expect(d.reapply.kind).not.toBe('never');
    }
  });
  it('uses the spec texts verbatim where the spec has them', () => {
    const nq = Object.fromEntries(DEFAULT_RULE_SET.rules.flatMap((r) => (r.onFail.outcome === 'deny' ? [[r.onFail.code, r.onFail.notQualifiedReason]] : [])));
    expect(nq['state_unavailable']).toBe('We are not working with this State yet!');
    expect(nq['under_legal_age']).toBe('Unfortunately, you need to be of legal age.');
    expect(nq['tenure_too_short']).toBe('our program requires at least one year at current job');
  });
});

describe('ruleSetProblems / defineRuleSet', () => {
  it('accepts a sound copy and freezes it', () => {
    const s = defineRuleSet({ ...clone(), version: '2027-01-01' });
    expect(Object.isFrozen(s.rules)).toBe(true);
  });
  it('refuses duplicate and malformed rule ids', () => {
    const s = clone();
    expect(ruleSetProblems({ ...s, rules: [...s.rules, s.rules[0] as Rule] })).toContain('duplicate rule id "state_available"');
    expect(ruleSetProblems(withRule(0, (r) => ({ ...r, id: 'State Available' })))).toContain('rule id "State Available" must be snake_case');
  });
  it('refuses a deny without adverse-action or not-qualified text', () => {
    const noText = withRule(idx('minimum_tenure'), (r) => ({ ...r, onFail: { ...r.onFail, adverseActionText: ' ' } as Rule['onFail'] }));
    expect(ruleSetProblems(noText)).toContain('rule minimum_tenure: a deny needs an adverseActionText');
    const noNq = withRule(idx('minimum_tenure'), (r) => ({ ...r, onFail: { ...r.onFail, notQualifiedReason: '' } as Rule['onFail'] }));
    expect(ruleSetProblems(noNq)).toContain('rule minimum_tenure: a deny needs a notQualifiedReason');
  });
  it('refuses bad reapply periods and a reapply age that differs from the minimum age', () => {
    const badDays = withRule(idx('state_available'), (r) => ({ ...r, onFail: { ...r.onFail, reapply: { kind: 'days', days: 0 } } as Rule['onFail'] }));
    expect(ruleSetProblems(badDays)).toContain('rule state_available: reapply days must be a positive integer');
    const badAge = withRule(idx('legal_age'), (r) => ({ ...r, check: { kind: 'minimum_age', years: 21 } }));
    expect(ruleSetProblems(badAge)).toContain('rule legal_age: reapply age 18 differs from the minimum age 21');
  });
  it('refuses bad max-amount parameters', () => {
    const s = clone();
    expect(ruleSetProblems({ ...s, maxAmount: { ...s.maxAmount, incomePercent: 'twenty' } })).toContain('maxAmount.incomePercent "twenty" is not a decimal');
    expect(ruleSetProblems({ ...s, maxAmount: { ...s.maxAmount, incomePercent: '0' } })).toContain('maxAmount.incomePercent must be above 0 and at most 100');
    expect(ruleSetProblems({ ...s, maxAmount: { ...s.maxAmount, stepCents: cents(0) } })).toContain('maxAmount.stepCents must be a positive integer');
    expect(ruleSetProblems({ ...s, maxAmount: { ...s.maxAmount, programCapsCents: { ...s.maxAmount.programCapsCents, b2b_partner: cents(100) } } })).toContain(
      'maxAmount cap for b2b_partner must be an integer ≥ minLoanCents',
    );
  });
  it('refuses an empty version, an empty rule list, a missing document text and non-lending programs', () => {
    const s = clone();
    expect(ruleSetProblems({ ...s, version: '' })).toContain('version must not be empty');
    expect(ruleSetProblems({ ...s, rules: [] })).toContain('a rule set needs at least one rule');
    const docs = withRule(idx('documents_complete'), (r) =>
      r.check.kind === 'documents_complete' ? { ...r, check: { ...r.check, unableToVerify: { ...r.check.unableToVerify, w2: '' } } } : r,
    );
    expect(ruleSetProblems(docs)).toContain('rule documents_complete: unableToVerify needs a text for every document type');
    const programs = withRule(idx('employer_eligible'), (r) => ({ ...r, check: { kind: 'employer_eligible', programs: [] } }));
    expect(ruleSetProblems(programs)).toContain('rule employer_eligible: programs must be lending programs');
  });
  it('defineRuleSet throws a RangeError naming the problems', () => {
    expect(() => defineRuleSet({ ...clone(), version: ' ' })).toThrow(/invalid rule set.*version must not be empty/);
  });
});

describe('ruleSetInForce', () => {
  it('picks the latest rule set effective on or before the date', () => {
    const next = defineRuleSet({ ...clone(), version: '2027-01-01', effectiveFrom: parseIsoDate('2027-01-01') });
    const sets = [DEFAULT_RULE_SET, next];
    expect(ruleSetInForce(sets, parseIsoDate('2026-11-01')).version).toBe('2026-11-01');
    expect(ruleSetInForce(sets, parseIsoDate('2026-12-31')).version).toBe('2026-11-01');
    expect(ruleSetInForce(sets, parseIsoDate('2027-01-01')).version).toBe('2027-01-01');
    expect(ruleSetInForce([next, DEFAULT_RULE_SET], parseIsoDate('2030-01-01')).version).toBe('2027-01-01');
    expect(() => ruleSetInForce(sets, parseIsoDate('2026-10-31'))).toThrow(RangeError);
  });
});
