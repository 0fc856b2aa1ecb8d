import type { Frequency } from '@payrail/domain/loan/frequency';

/** How each payment frequency reads after "every" or "per" ("every two weeks", "per half month"). */
export const FREQUENCY_WORDS: Readonly<Record<Frequency, string>> = {
  weekly: 'week',
  biweekly: 'two weeks',
  semimonthly: 'half month',
  monthly: 'month',
};
