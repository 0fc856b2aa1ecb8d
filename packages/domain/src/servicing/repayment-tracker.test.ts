import { describe, expect, it } from 'vitest';
import { parseIsoDate } from '../dates';
import { trackRepayments } from './repayment-tracker';
import type { TrackedInstallment } from './repayment-tracker';

const d = parseIsoDate;
// Biweekly paydays, $125.40 allotments.
const INSTALLMENTS: TrackedInstallment[] = ['2026-11-06', '2026-11-20', '2026-12-04', '2026-12-18', '2027-01-01'].map((date, k) => ({
  n: k + 1,
  dueDate: d(date),
  amountCents: 12540,
}));
const ctx = { today: d('2026-12-08'), installmentsPaid: 1, graceDays: 5 };

describe('trackRepayments', () => {
  it('one row per pay date: received, short, waiting, upcoming — each with its reason and what to do', () => {
    const rows = trackRepayments(
      INSTALLMENTS.slice(0, 4),
      [
        { payDate: d('2026-11-06'), amountCents: 12540, status: 'posted' },
        { payDate: d('2026-11-20'), amountCents: 10000, status: 'posted' },
      ],
      ctx,
    );
    expect(rows.map((r) => [r.payDate, r.expectedCents, r.receivedCents, r.status])).toEqual([
      ['2026-11-06', 12540, 12540, 'received'],
      ['2026-11-20', 12540, 10000, 'short'],
      // Four days after payday, within the five-day grace: still expected.
      ['2026-12-04', 12540, 0, 'waiting'],
      ['2026-12-18', 12540, 0, 'upcoming'],
    ]);
    expect(rows[0]).toMatchObject({ reason: null, action: null });
    expect(rows[1]!.reason).toBe('Your employer remitted $100.00 of the $125.40 expected: $25.40 short.');
    expect(rows[1]!.action).toBe(
      'Check the allotment amount on your pay stub; if it changed, ask your payroll office to set it back to $125.40. Pay the $25.40 difference online to stay current.',
    );
  });

  it('missing after the grace days; in suspense when the employer sent it but it is not matched; covered when other payments paid it', () => {
    const later = { today: d('2026-12-15'), installmentsPaid: 1, graceDays: 5 };
    const rows = trackRepayments(INSTALLMENTS.slice(0, 3), [{ payDate: d('2026-11-20'), amountCents: 12540, status: 'suspense' }], later);
    expect(rows.map((r) => r.status)).toEqual(['covered', 'in_suspense', 'missing']);
    expect(rows[0]!.reason).toBe('No remittance from your employer, but your other payments covered this installment.');
    expect(rows[1]).toMatchObject({ receivedCents: 0, inSuspenseCents: 12540 });
    expect(rows[2]!.action).toContain('pay $125.40 online');
  });

  it('a remittance counts for the period that holds its pay date (a day-late file still counts for that installment)', () => {
    const rows = trackRepayments(
      INSTALLMENTS.slice(0, 2),
      [
        { payDate: d('2026-11-01'), amountCents: 12540, status: 'posted' },
        { payDate: d('2026-11-07'), amountCents: 6000, status: 'posted' },
        { payDate: d('2026-11-19'), amountCents: 6540, status: 'posted' },
      ],
      { ...ctx, installmentsPaid: 0 },
    );
    expect(rows.map((r) => [r.receivedCents, r.status])).toEqual([
      [12540, 'received'],
      [12540, 'received'],
    ]);
  });
});
