import { describe, expect, it } from 'vitest';
import { whatIfBaseline } from '../../../../test/what-if-fixtures';
import { whatIfRows } from './what-if-chart';

describe('whatIfRows', () => {
  it('puts both projections on one axis: each keeps its last value until its next point, and 0 once paid off', () => {
    const baseline = whatIfBaseline;
    const scenario = {
      payoff_date: '2028-03-03',
      interest: 0,
      total_paid: 0,
      installments: 2,
      points: [
        { date: '2028-01-03', principal: 100000 },
        { date: '2028-01-20', principal: 90000 },
        { date: '2028-02-03', principal: 26998 },
        { date: '2028-03-03', principal: 0 },
      ],
    };
    expect(whatIfRows(baseline, scenario)).toEqual([
      { date: '2028-01-03', current: 100000, withExtra: 100000 },
      { date: '2028-01-20', current: 100000, withExtra: 90000 },
      { date: '2028-02-03', current: 66998, withExtra: 26998 },
      { date: '2028-03-03', current: 33666, withExtra: 0 },
      { date: '2028-04-03', current: 0, withExtra: 0 },
    ]);
  });
});
