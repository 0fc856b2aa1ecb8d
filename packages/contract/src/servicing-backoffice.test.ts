import { describe, expect, it } from 'vitest';
import { SERVICING_BO_MSG, ZAdvanceBusinessDate, ZRemittanceImport, ZResolveLine, ZReversalRequest } from './servicing-backoffice';

describe('servicing back-office contract', () => {
  it('business date: a real YYYY-MM-DD date or 1–400 days', () => {
    expect(ZAdvanceBusinessDate.safeParse({ date: '2028-02-29' }).success).toBe(true);
    expect(ZAdvanceBusinessDate.safeParse({ date: '2027-02-29' }).success).toBe(false);
    expect(ZAdvanceBusinessDate.safeParse({ days: 0 }).success).toBe(false);
    expect(ZAdvanceBusinessDate.safeParse({ days: 400 }).success).toBe(true);
    expect(ZAdvanceBusinessDate.safeParse({ days: 1.5 }).success).toBe(false);
  });
  it('remittance import: CSV text or lines in cents', () => {
    expect(ZRemittanceImport.safeParse({ csv: 'employer,pay_date,borrower_identifier,amount\n' }).success).toBe(true);
    expect(ZRemittanceImport.safeParse({ lines: [{ employer: 'A', pay_date: '2027-01-01', borrower_identifier: 'X', amount: 100 }] }).success).toBe(true);
    expect(ZRemittanceImport.safeParse({ lines: [{ employer: 'A', pay_date: '2027-01-01', borrower_identifier: 'X', amount: 1.5 }] }).success).toBe(false);
    expect(ZRemittanceImport.safeParse({ lines: [] }).success).toBe(false);
  });
  it('reversal and rejection need a reason; return codes are NACHA codes', () => {
    const short = ZReversalRequest.safeParse({ entry_id: 1, reason: ' a ' });
    expect(short.success).toBe(false);
    expect(short.error?.issues[0]?.message).toBe(SERVICING_BO_MSG.reasonRequired);
    expect(ZReversalRequest.safeParse({ entry_id: 1, reason: 'Late return', return_code: 'R10' }).success).toBe(true);
    expect(ZReversalRequest.safeParse({ entry_id: 1, reason: 'Late return', return_code: 'R99' }).success).toBe(false);
    expect(ZResolveLine.safeParse({ action: 'reject', reason: 'no' }).success).toBe(false);
    expect(ZResolveLine.safeParse({ action: 'assign', loan_id: 3 }).success).toBe(true);
  });
});
