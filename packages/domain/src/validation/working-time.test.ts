import { describe, expect, it } from 'vitest';
import {
  checkTenure,
  isEligibleTenure,
  isWorkingTimeRange,
  minimumYears,
  parseWorkingTimeRange,
  validateWorkingTimeRange,
  WORKING_TIME_RANGES,
  workingTimeLabel,
} from './working-time';

describe('working-time ranges', () => {
  it.each([
    ['Less than 1 year', 'lt_1'],
    ['1 - 3 years', '1_3'],
    ['3 - 5 years', '3_5'],
    ['More than 5 years', 'gt_5'],
  ] as const)('normalises the classic label %j to %s', (label, key) => {
    expect(parseWorkingTimeRange(label)).toBe(key);
  });
  it.each([
    ['Less than a year', 'lt_1'],
    ['1-3 years', '1_3'],
    ['3-5 years', '3_5'],
    ['More than 5 years', 'gt_5'],
  ] as const)('normalises the new-flow label %j to %s', (label, key) => {
    expect(parseWorkingTimeRange(label)).toBe(key);
  });
  it('ignores case, spacing and dash style, and accepts the keys', () => {
    expect(parseWorkingTimeRange('  LESS THAN 1 YEAR ')).toBe('lt_1');
    expect(parseWorkingTimeRange('1 – 3 years')).toBe('1_3');
    expect(parseWorkingTimeRange('3 -5  years')).toBe('3_5');
    for (const k of WORKING_TIME_RANGES) expect(parseWorkingTimeRange(k)).toBe(k);
  });
  it('refuses anything else', () => {
    expect(parseWorkingTimeRange('')).toBeNull();
    expect(parseWorkingTimeRange('2 years')).toBeNull();
    expect(parseWorkingTimeRange('5 - 10 years')).toBeNull();
    expect(validateWorkingTimeRange('forever')).toEqual({ ok: false, code: 'working_time_range_invalid' });
    expect(validateWorkingTimeRange('1-3 years')).toEqual({ ok: true, value: '1_3' });
  });
  it('labels each key per flow, and each label parses back', () => {
    for (const k of WORKING_TIME_RANGES) {
      for (const flow of ['classic', 'newflow'] as const) expect(parseWorkingTimeRange(workingTimeLabel(k, flow))).toBe(k);
    }
    expect(workingTimeLabel('lt_1', 'classic')).toBe('Less than 1 year');
    expect(workingTimeLabel('lt_1', 'newflow')).toBe('Less than a year');
  });
  it('knows its keys and their minimum years', () => {
    expect(isWorkingTimeRange('gt_5')).toBe(true);
    expect(isWorkingTimeRange('More than 5 years')).toBe(false);
    expect(WORKING_TIME_RANGES.map(minimumYears)).toEqual([0, 1, 3, 5]);
  });
  it('less than one year is ineligible, every other range eligible', () => {
    expect(WORKING_TIME_RANGES.filter(isEligibleTenure)).toEqual(['1_3', '3_5', 'gt_5']);
    expect(checkTenure('lt_1')).toEqual({ ok: false, code: 'tenure_too_short' });
    expect(checkTenure('1_3')).toEqual({ ok: true, value: '1_3' });
  });
});
