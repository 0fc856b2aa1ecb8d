import { describe, expect, it } from 'vitest';
import { depositNoun, depositTitle, isNonFederal } from './payroll-wording';

describe('payroll wording (classic §1)', () => {
  it('only split_direct_deposit is non-federal', () => {
    expect(isNonFederal('split_direct_deposit')).toBe(true);
    expect(isNonFederal('allotment')).toBe(false);
    expect(isNonFederal(null)).toBe(false);
    expect(isNonFederal(undefined)).toBe(false);
  });

  it('titles and nouns', () => {
    expect(depositTitle('split_direct_deposit')).toBe('Split Direct Deposit');
    expect(depositTitle('allotment')).toBe('Allotment');
    expect(depositTitle(undefined)).toBe('Allotment');
    expect(depositNoun('split_direct_deposit')).toBe('split direct deposit');
    expect(depositNoun('allotment')).toBe('allotment');
  });
});
