import { describe, expect, it } from 'vitest';
import { formatTable, oneLineSql, percentile, summarizeSteps } from './latency-stats';

describe('percentile', () => {
  it('is the nearest rank of the sorted samples', () => {
    const hundred = Array.from({ length: 100 }, (_, i) => i + 1);
    expect(percentile(hundred, 50)).toBe(50);
    expect(percentile(hundred, 95)).toBe(95);
    expect(percentile(hundred, 99)).toBe(99);
    expect(percentile(hundred, 100)).toBe(100);
    expect(percentile(hundred, 0)).toBe(1);
    // Ten samples: p95 and p99 are both the slowest one, p50 the fifth.
    const ten = [1, 2, 3, 4, 5, 6, 7, 8, 9, 1000];
    expect(percentile(ten, 50)).toBe(5);
    expect(percentile(ten, 95)).toBe(1000);
    expect(percentile(ten, 99)).toBe(1000);
    expect(percentile([42], 99)).toBe(42);
    expect(percentile([42], 1)).toBe(42);
  });

  it('has no value without samples', () => {
    expect(percentile([], 50)).toBeUndefined();
  });
});

describe('summarizeSteps', () => {
  it('summarizes each step in first-seen order, unsorted input included, and skips empty steps', () => {
    const samples = new Map<string, number[]>([
      ['POST /api/signup', [30, 10, 20]],
      ['GET /api/states', []],
      ['GET /api/token_is_valid', [5]],
    ]);
    expect(summarizeSteps(samples)).toEqual([
      { step: 'POST /api/signup', count: 3, p50: 20, p95: 30, p99: 30, max: 30 },
      { step: 'GET /api/token_is_valid', count: 1, p50: 5, p95: 5, p99: 5, max: 5 },
    ]);
    // The caller's samples are left as they were.
    expect(samples.get('POST /api/signup')).toEqual([30, 10, 20]);
  });
});

describe('formatTable', () => {
  it('pads each column to its widest cell, numbers on the right', () => {
    expect(
      formatTable(
        ['step', 'count', 'p50 ms'],
        [
          ['GET /api/states', 1200, 3],
          ['POST /api/signup', 7, 145],
        ],
        [1, 2],
      ),
    ).toEqual(['step              count  p50 ms', '----------------  -----  ------', 'GET /api/states    1200       3', 'POST /api/signup      7     145']);
  });

  it('prints a header and rule alone when there are no rows, and blanks for missing cells', () => {
    expect(formatTable(['a', 'bb'], [])).toEqual(['a  bb', '-  --']);
    expect(formatTable(['a', 'bb'], [['xyz']])).toEqual(['a    bb', '---  --', 'xyz']);
  });
});

describe('oneLineSql', () => {
  it('collapses whitespace and cuts long text with an ellipsis', () => {
    expect(oneLineSql('select *\n  from   "loans"\twhere id = $1 ')).toBe('select * from "loans" where id = $1');
    const long = `select ${'x, '.repeat(100)}y from t`;
    const cut = oneLineSql(long, 160);
    expect(cut).toHaveLength(160);
    expect(cut.endsWith('…')).toBe(true);
    expect(cut.startsWith('select x, x,')).toBe(true);
    expect(oneLineSql('select 1', 8)).toBe('select 1');
    expect(oneLineSql('select 12', 8)).toBe('select …');
  });
});
