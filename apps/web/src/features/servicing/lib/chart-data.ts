import type { TPaymentRow } from '@payrail/contract/servicing';

export interface BalancePoint {
  /** ISO date. */
  date: string;
  /** Principal still owed after that day's payments (cents). */
  balance: number;
  /** Principal repaid so far (cents). */
  paid: number;
}

/**
 * Principal balance over time, from the loan's start to today: starts at the principal the loan began
 * with (today's balance plus every posted payment's principal) and steps down on each effective date.
 * Returned payments were reversed, so they do not count. Integer cents throughout.
 */
export function balanceSeries(effectiveDate: string, principalBalance: number, payments: readonly TPaymentRow[]): BalancePoint[] {
  const posted = payments.filter((payment) => payment.status === 'posted');
  const byDate = new Map<string, number>();
  for (const payment of posted) byDate.set(payment.effective_date, (byDate.get(payment.effective_date) ?? 0) + payment.principal_paid);
  const repaid = posted.reduce((sum, payment) => sum + payment.principal_paid, 0);
  const start = principalBalance + repaid;
  const points: BalancePoint[] = [{ date: effectiveDate, balance: start, paid: 0 }];
  let paid = 0;
  for (const date of [...byDate.keys()].sort()) {
    paid += byDate.get(date) ?? 0;
    const point = { date, balance: start - paid, paid };
    if (date === effectiveDate) points[0] = point;
    else points.push(point);
  }
  return points;
}

/** Seconds since the epoch of an ISO date at 00:00 UTC (the x axis of the charts). */
export function epochSeconds(isoDate: string): number {
  return Date.parse(`${isoDate}T00:00:00Z`) / 1000;
}

/**
 * The charts' x span (epoch seconds): from the loan's start to the end of its term (start plus its months),
 * or to the last point if that is later (a loan paid late). A new loan's one point then sits at the left of
 * its own term instead of in a 60-year axis.
 */
export function chartSpan(effectiveDate: string, termsInMonths: number, points: readonly BalancePoint[]): [number, number] {
  const [y, m, d] = effectiveDate.split('-').map(Number) as [number, number, number];
  const months = Math.max(1, termsInMonths);
  const end = Date.UTC(y, m - 1 + months, d) / 1000;
  const lastPoint = points.length > 0 ? epochSeconds(points[points.length - 1]!.date) : end;
  return [epochSeconds(effectiveDate), Math.max(end, lastPoint)];
}
