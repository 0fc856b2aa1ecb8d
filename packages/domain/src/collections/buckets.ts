/**
 * Delinquency buckets by days past due (issue #32): the collections queue, the portfolio's delinquency
 * figures and credit reporting all read a loan's days past due through these, so one loan is in the same
 * bucket on every screen and file. `current` is 0 days past due.
 */
export const DELINQUENCY_BUCKETS = ['current', '1-29', '30-59', '60-89', '90-119', '120+'] as const;
export type DelinquencyBucket = (typeof DELINQUENCY_BUCKETS)[number];

/** The days each bucket holds (inclusive); `max` null for no upper bound. */
export const DELINQUENCY_BUCKET_RANGES: Readonly<Record<DelinquencyBucket, { readonly min: number; readonly max: number | null }>> = {
  current: { min: 0, max: 0 },
  '1-29': { min: 1, max: 29 },
  '30-59': { min: 30, max: 59 },
  '60-89': { min: 60, max: 89 },
  '90-119': { min: 90, max: 119 },
  '120+': { min: 120, max: null },
};

/** The bucket of a number of days past due (a whole number ≥ 0). */
export function bucketOf(daysPastDue: number): DelinquencyBucket {
  if (!Number.isInteger(daysPastDue) || daysPastDue < 0) throw new RangeError(`days past due must be a whole number ≥ 0, got ${daysPastDue}`);
  if (daysPastDue === 0) return 'current';
  if (daysPastDue < 30) return '1-29';
  if (daysPastDue < 60) return '30-59';
  if (daysPastDue < 90) return '60-89';
  if (daysPastDue < 120) return '90-119';
  return '120+';
}

/** True when `to` is a later (worse) bucket than `from`: a roll forward. */
export function rollsForward(from: DelinquencyBucket, to: DelinquencyBucket): boolean {
  return DELINQUENCY_BUCKETS.indexOf(to) > DELINQUENCY_BUCKETS.indexOf(from);
}
