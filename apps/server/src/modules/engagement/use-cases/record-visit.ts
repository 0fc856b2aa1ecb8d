import type { AppContext } from '../../../context';

/** POST /visitor: logs a page view, with the member when a valid token came along. */
export async function recordVisit(
  ctx: AppContext,
  v: { fingerprint: string; page: string; queryString: string; userId: number | null; ip: string | null },
): Promise<void> {
  await ctx.repos.engagement.recordVisit({ ...v, at: ctx.now() });
}
