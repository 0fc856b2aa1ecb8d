import type { TWhatIfProjection } from '@payrail/contract/borrower-tools';

/** One row of the chart and of its text alternative: the principal left on a date in each projection. */
export interface WhatIfRow {
  date: string;
  current: number;
  withExtra: number;
}

/** The principal of a projection on `date`: the value after its last point on or before the date. */
function principalOn(points: TWhatIfProjection['points'], date: string): number {
  let value = points[0]?.principal ?? 0;
  for (const point of points) {
    if (point.date > date) break;
    value = point.principal;
  }
  return value;
}

/** Both projections on the union of their dates (the chart needs one x axis), oldest first. */
export function whatIfRows(baseline: TWhatIfProjection, scenario: TWhatIfProjection): WhatIfRow[] {
  const dates = [...new Set([...baseline.points.map((p) => p.date), ...scenario.points.map((p) => p.date)])].sort();
  return dates.map((date) => ({ date, current: principalOn(baseline.points, date), withExtra: principalOn(scenario.points, date) }));
}
