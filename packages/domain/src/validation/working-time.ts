/**
 * Working time at the current job. The two flows label the same four ranges differently:
 *
 * | Key | Classic (§2) | New flow (§3) |
 * |---|---|---|
 * | `lt_1` | Less than 1 year | Less than a year |
 * | `1_3` | 1 - 3 years | 1-3 years |
 * | `3_5` | 3 - 5 years | 3-5 years |
 * | `gt_5` | More than 5 years | More than 5 years |
 *
 * Eligibility (classic §5): less than one year at the current job is ineligible ("our program requires
 * at least one year at current job").
 */
import { invalid, valid } from './result';
import type { Validation } from './result';

/** The normalised working-time ranges, shortest first. */
export const WORKING_TIME_RANGES = Object.freeze(['lt_1', '1_3', '3_5', 'gt_5'] as const);

/** A normalised working-time range. */
export type WorkingTimeRange = (typeof WORKING_TIME_RANGES)[number];

/** Which flow's labels to use. */
export type Flow = 'classic' | 'newflow';

const LABELS: Readonly<Record<Flow, Readonly<Record<WorkingTimeRange, string>>>> = {
  classic: { lt_1: 'Less than 1 year', '1_3': '1 - 3 years', '3_5': '3 - 5 years', gt_5: 'More than 5 years' },
  newflow: { lt_1: 'Less than a year', '1_3': '1-3 years', '3_5': '3-5 years', gt_5: 'More than 5 years' },
};

const MIN_YEARS: Readonly<Record<WorkingTimeRange, number>> = { lt_1: 0, '1_3': 1, '3_5': 3, gt_5: 5 };

function canonical(text: string): string {
  return text
    .trim()
    .toLowerCase()
    .replace(/\s*[-–—]\s*/g, '-')
    .replace(/\s+/g, ' ');
}

const BY_TEXT: ReadonlyMap<string, WorkingTimeRange> = new Map(
  WORKING_TIME_RANGES.flatMap((key) => [
    [key, key],
    [canonical(LABELS.classic[key]), key],
    [canonical(LABELS.newflow[key]), key],
  ]),
);

/** True when `value` is a normalised range key. */
export function isWorkingTimeRange(value: unknown): value is WorkingTimeRange {
  return typeof value === 'string' && (WORKING_TIME_RANGES as readonly string[]).includes(value);
}

/**
 * Normalises a label of either flow, or a key, to its key (case, spacing and dash style ignored:
 * `"1 - 3 years"`, `"1-3 years"`, `"1_3"` → `'1_3'`); `null` for anything else.
 */
export function parseWorkingTimeRange(text: string): WorkingTimeRange | null {
  return BY_TEXT.get(canonical(text)) ?? null;
}

/** {@link parseWorkingTimeRange} as a validation rule (`working_time_range_invalid`). */
export function validateWorkingTimeRange(text: string): Validation<WorkingTimeRange, 'working_time_range_invalid'> {
  const key = parseWorkingTimeRange(text);
  return key === null ? invalid('working_time_range_invalid') : valid(key);
}

/** The label a flow shows for a range. */
export function workingTimeLabel(range: WorkingTimeRange, flow: Flow): string {
  return LABELS[flow][range];
}

/** The fewest whole years a range implies (0, 1, 3 or 5). */
export function minimumYears(range: WorkingTimeRange): number {
  return MIN_YEARS[range];
}

/** True unless the range is less than one year at the current job. */
export function isEligibleTenure(range: WorkingTimeRange): boolean {
  return range !== 'lt_1';
}

/** {@link isEligibleTenure} as a validation rule (`tenure_too_short`). */
export function checkTenure(range: WorkingTimeRange): Validation<WorkingTimeRange, 'tenure_too_short'> {
  return isEligibleTenure(range) ? valid(range) : invalid('tenure_too_short');
}
