import { describe, expect, it } from 'vitest';
import { employerProgramOf } from './employer-program';

const employer = (o: Partial<{ isOther: boolean; partnership: string | null; paymentType: string }> = {}) => ({
  isOther: false,
  partnership: null,
  paymentType: 'split_direct_deposit',
  ...o,
});

describe('employerProgramOf', () => {
  it('income not from employment is not eligible, whatever the employer', () => {
    expect(employerProgramOf('Retired', employer({ partnership: 'b2b_partner' }))).toBe('not_eligible');
    expect(employerProgramOf('Unemployed', undefined)).toBe('not_eligible');
  });

  it('no employer chosen yet: no program', () => {
    expect(employerProgramOf('Employed', undefined)).toBeNull();
    expect(employerProgramOf(null, undefined)).toBeNull();
  });

  it('a "not listed" employer waits for review, before its partnership or payment type counts', () => {
    expect(employerProgramOf('Employed', employer({ isOther: true, partnership: 'b2b_partner', paymentType: 'allotment' }))).toBe('pending_review');
  });

  it('a partner employer, then the payment type', () => {
    expect(employerProgramOf('Employed', employer({ partnership: 'b2b_partner', paymentType: 'allotment' }))).toBe('b2b_partner');
    expect(employerProgramOf(undefined, employer({ paymentType: 'allotment' }))).toBe('federal_allotment');
    expect(employerProgramOf('Employed', employer())).toBe('split_direct_deposit');
  });
});
