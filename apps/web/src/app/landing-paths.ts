/**
 * The pages the app's start can draw with the small route table (`landing-routes.tsx`): the prerendered
 * landing pages. Every other path loads the full table first (`router.tsx`). A module of its own, with no
 * import, so the page's entry (boot.ts) and the build (build/route-preloads.ts) read it too.
 */
export const LANDING_TABLE_PATHS: readonly string[] = ['/signin', '/signup', '/application/newflow/signup', '/application/newflow/signin'];

/** Whether `pathname` is one of {@link LANDING_TABLE_PATHS} (a trailing slash is the same page). */
export function isLandingTablePath(pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return LANDING_TABLE_PATHS.includes(path);
}
