import { describe, expect, it } from 'vitest';
import { DEFAULT_RULE_SET } from '@payrail/domain/underwriting/default-rule-set';
import { ZNewflowSignupRequest } from './newflow';
import { NEWFLOW_LOAN_REQUEST_RANGE_CENTS, NEWFLOW_LOAN_REQUEST_RANGE_MSG } from './newflow-rules';

describe('Check Your Rate amount range', () => {
  it('is the product lending range: the smallest loan to the largest program cap', () => {
    const caps = Object.values(DEFAULT_RULE_SET.maxAmount.programCapsCents) as number[];
    expect(NEWFLOW_LOAN_REQUEST_RANGE_CENTS).toEqual({ min: DEFAULT_RULE_SET.maxAmount.minLoanCents, max: Math.max(...caps) });
  });

  it('the sign-up contract refuses amounts outside it or with cents, with the form message', () => {
    const body = (amount: number) => ({
      application_member: { email: 'ana@example.com' },
      agreements: { privacy_notice: true, consent_eletronic_comunications: true },
      loan_borrower: { state_id: 8 },
      loan: { amount, payment_frequency: 'monthly', loan_purpose_name: 'Other' },
      new_flow: true,
    });
    for (const ok of [500_00, 2_000_00, 10_000_00]) expect(ZNewflowSignupRequest.safeParse(body(ok)).success, String(ok)).toBe(true);
    for (const bad of [499_00, 10_001_00, 2_000_50]) {
      const r = ZNewflowSignupRequest.safeParse(body(bad));
      expect(r.success, String(bad)).toBe(false);
      expect(
        r.error?.issues.map((i) => i.message),
        String(bad),
      ).toContain(NEWFLOW_LOAN_REQUEST_RANGE_MSG);
    }
  });
});
