import { describe, expect, it } from 'vitest';
import type { TPaymentRow } from '@payrail/contract/servicing';
import { balanceSeries, chartSpan, epochSeconds } from './chart-data';

const posted = (effective_date: string, principal_paid: number) => ({ status: 'posted', effective_date, principal_paid }) as TPaymentRow;

describe('chartSpan', () => {
  it("spans a new loan's whole term from its start, not decades", () => {
    const points = balanceSeries('2026-11-30', 300_000, []);
    expect(points).toHaveLength(1);
    expect(chartSpan('2026-11-30', 12, points)).toEqual([epochSeconds('2026-11-30'), epochSeconds('2027-11-30')]);
  });
  it('reaches the last payment when it falls after the term (a late loan)', () => {
    const points = balanceSeries('2026-01-15', 100_000, [posted('2027-03-01', 10_000)]);
    expect(chartSpan('2026-01-15', 12, points)[1]).toBe(epochSeconds('2027-03-01'));
  });
  it('rolls month ends over as the calendar does', () => {
    expect(chartSpan('2026-01-31', 1, [])[1]).toBe(epochSeconds('2026-03-03'));
  });
});
