import type { AppContext } from '../../../context';

/** How long an upload may take before its journal row counts as left behind. */
export const ORPHAN_AFTER_MINUTES = 60;
const AVATAR_PREFIX = 'avatars/';

/**
 * Removes files whose upload never finished: a journal row older than an hour whose file nothing
 * references (the process died between storing the bytes and writing the row, or the clean-up after
 * a failed write failed too). Referenced files only lose their journal row. Runs at start-up and
 * hourly (main.ts); answers how many files it removed.
 */
export async function sweepOrphanUploads(ctx: AppContext): Promise<number> {
  const repo = ctx.repos.documents;
  const before = new Date(ctx.now().getTime() - ORPHAN_AFTER_MINUTES * 60_000);
  let removed = 0;
  for (const row of await repo.staleUploads(before)) {
    const avatarUrl = row.storageKey.startsWith(AVATAR_PREFIX) ? `/api/avatars/${row.storageKey.slice(AVATAR_PREFIX.length)}` : null;
    if (!(await repo.isReferenced(row.storageKey, avatarUrl))) {
      await ctx.providers.storage.delete(row.storageKey);
      removed++;
    }
    await repo.endUpload(row.storageKey);
  }
  return removed;
}
