import type { IsoDate } from '@payrail/domain/dates';

/** The calendar date (UTC) of an instant: the `today` the pure domain takes as an argument. */
export function isoDay(at: Date): IsoDate {
  return at.toISOString().slice(0, 10) as IsoDate;
}
