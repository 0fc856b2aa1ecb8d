import { describe, expect, it } from 'vitest';
import type { TPaymentRow } from '@payrail/contract/servicing';
import { balanceSeries } from './chart-data';
import { firstPaymentDate, formatPercentPaid, loanStatusLabel, percentPaid } from './servicing-format';

describe('percentPaid (spec §9: truncated to one decimal)', () => {
  it('truncates, never rounds up', () => {
    expect(percentPaid(2, 3)).toBe(66.6);
    expect(percentPaid(99_999, 100_000)).toBe(99.9);
    expect(percentPaid(1, 1000)).toBe(0.1);
    expect(percentPaid(999, 1_000_000)).toBe(0);
  });
  it('is 0 before any payment, 100 when all is paid, and stays within 0..100', () => {
    expect(percentPaid(0, 5000)).toBe(0);
    expect(percentPaid(5000, 5000)).toBe(100);
    expect(percentPaid(6000, 5000)).toBe(100);
    expect(percentPaid(-5, 5000)).toBe(0);
  });
  it('shows one decimal', () => {
    expect(formatPercentPaid(66.6)).toBe('66.6%');
    expect(formatPercentPaid(100)).toBe('100.0%');
  });
});

describe('firstPaymentDate (the server rule: not before the business date, not before the loan starts)', () => {
  it('is the business date once the loan has started, the disbursement date before', () => {
    expect(firstPaymentDate('2031-05-20', '2031-05-01')).toBe('2031-05-20');
    expect(firstPaymentDate('2031-05-20', '2031-05-20')).toBe('2031-05-20');
    expect(firstPaymentDate('2031-05-20', '2031-05-22')).toBe('2031-05-22');
  });
});

describe('status labels (spec §3)', () => {
  it('opened is Active, closed_refinanced Refinanced, closed_paid Finished', () => {
    expect(loanStatusLabel('opened')).toBe('Active');
    expect(loanStatusLabel('closed_refinanced')).toBe('Refinanced');
    expect(loanStatusLabel('closed_paid')).toBe('Finished');
  });
});

const row = (id: number, date: string, principal: number, status: 'posted' | 'returned' = 'posted'): TPaymentRow => ({
  id,
  loan_id: 1,
  source: 'one_time',
  amount: principal + 100,
  principal_paid: principal,
  interest_paid: 100,
  fees_paid: 0,
  due_date: null,
  effective_date: date,
  status,
  returned_on: status === 'returned' ? date : null,
  return_reason: status === 'returned' ? 'R01' : null,
});

describe('balanceSeries', () => {
  it('steps the principal down by each posted payment, ignoring returned ones, ending at today’s balance', () => {
    const points = balanceSeries('2026-01-01', 7000, [row(2, '2026-03-01', 1000), row(1, '2026-02-01', 2000), row(3, '2026-02-15', 500, 'returned')]);
    expect(points).toEqual([
      { date: '2026-01-01', balance: 10_000, paid: 0 },
      { date: '2026-02-01', balance: 8000, paid: 2000 },
      { date: '2026-03-01', balance: 7000, paid: 3000 },
    ]);
  });
  it('adds same-day payments together', () => {
    expect(balanceSeries('2026-01-01', 0, [row(1, '2026-02-01', 300), row(2, '2026-02-01', 700)])).toEqual([
      { date: '2026-01-01', balance: 1000, paid: 0 },
      { date: '2026-02-01', balance: 0, paid: 1000 },
    ]);
  });
});
