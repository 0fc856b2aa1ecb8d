import { describe, expect, it } from 'vitest';
import type { IsoDate } from '../dates';
import {
  VERIFICATION_FALLBACK_BUSINESS_DAYS,
  verificationBlocksApproval,
  verificationConfirmsEmployment,
  verificationDueOn,
  verificationState,
} from './verification';

describe('employment verification rules', () => {
  it('is due 3 business days after the request (weekends and Federal Reserve holidays skipped), expired after', () => {
    expect(VERIFICATION_FALLBACK_BUSINESS_DAYS).toBe(3);
    // Wednesday 2026-11-25 + 3 business days: Thanksgiving (26th) and the weekend skipped → Tuesday 2026-12-01.
    expect(verificationDueOn('2026-11-25' as IsoDate)).toBe('2026-12-01');
    const v = { requestedOn: '2026-11-25' as IsoDate, answered: false };
    expect(verificationState(v, '2026-12-01' as IsoDate)).toBe('open');
    expect(verificationState(v, '2026-12-02' as IsoDate)).toBe('expired');
    expect(verificationState({ ...v, answered: true }, '2027-01-01' as IsoDate)).toBe('answered');
  });
  it('terminated and not_found block approval with the reason; active confirms; on_leave neither', () => {
    expect(verificationBlocksApproval('terminated', 'Acme')).toContain('no longer employed');
    expect(verificationBlocksApproval('not_found', 'Acme')).toContain('not an employee');
    expect(verificationBlocksApproval('active', 'Acme')).toBeNull();
    expect(verificationBlocksApproval('on_leave', 'Acme')).toBeNull();
    expect(verificationBlocksApproval(null, 'Acme')).toBeNull();
    expect(verificationConfirmsEmployment('active')).toBe(true);
    expect(verificationConfirmsEmployment('on_leave')).toBe(false);
  });
});
