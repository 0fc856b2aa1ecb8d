/**
 * Reapply dates of a denial. Each deny reason has a {@link ReapplyPolicy}; the applicant may reapply
 * once every reason has cleared, i.e. on the LATEST of the reasons' dates (`'never'` wins).
 */
import { addDays, compareIsoDates } from '../dates';
import type { IsoDate } from '../dates';
import { dateReachingAge } from '../validation/date-of-birth';
import type { ApplicationFacts } from './facts';
import type { ReapplyPolicy } from './rule-set';

/** A reapply date, or never (the spec's `could_reapply_on`: a date, `today` or `never`). */
export type ReapplyOn = IsoDate | 'never';

/**
 * The reapply date one policy gives for a denial decided on `today`:
 * - `days`: today + days;
 * - `never`: `'never'`;
 * - `tenure_reached`: the day tenure reaches `years` (the start date's anniversary; 29 Feb → 1 Mar),
 *   when the start date is known and that day is after today; otherwise today + fallbackDays;
 * - `age_reached`: the day the applicant turns `years` (29 Feb births → 1 Mar), when the date of birth
 *   is known and that day is after today; otherwise today + fallbackDays.
 */
export function reapplyDate(policy: ReapplyPolicy, facts: ApplicationFacts, today: IsoDate): ReapplyOn {
  switch (policy.kind) {
    case 'days':
      return addDays(today, policy.days);
    case 'never':
      return 'never';
    case 'tenure_reached':
    case 'age_reached': {
      const from = policy.kind === 'tenure_reached' ? facts.employmentStartDate : facts.dateOfBirth;
      const reached = from === null ? null : dateReachingAge(from, policy.years);
      return reached !== null && compareIsoDates(reached, today) > 0 ? reached : addDays(today, policy.fallbackDays);
    }
  }
}

/** The latest of several reapply dates (`'never'` if any is never); `null` for none. */
export function latestReapplyOn(dates: readonly ReapplyOn[]): ReapplyOn | null {
  let latest: ReapplyOn | null = null;
  for (const d of dates) {
    if (d === 'never') return 'never';
    if (latest === null || compareIsoDates(d, latest) > 0) latest = d;
  }
  return latest;
}
