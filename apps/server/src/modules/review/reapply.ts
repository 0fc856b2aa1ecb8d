import { compareIsoDates, type IsoDate } from '@payrail/domain/dates';
import type { ApplicationRow } from '../application/repository';

/** Statuses an application ended in, from which a new one may start (a new loan / reapply). */
export const ENDED_STATUSES = ['declined', 'denied', 'dropped', 'canceled'] as const;

/**
 * `could_reapply_on` (spec §4): `today` once the stored reapply date is reached (or when none was set),
 * the date while it is ahead, `never` when it is never, or when no application has ended.
 */
export function couldReapplyOn(status: string, ended: ApplicationRow | undefined, today: IsoDate): string {
  if (!(ENDED_STATUSES as readonly string[]).includes(status)) return 'never';
  const on = ended?.reapplyOn ?? null;
  if (on === null) return 'today';
  if (on === 'never') return 'never';
  return compareIsoDates(on as IsoDate, today) <= 0 ? 'today' : on;
}
