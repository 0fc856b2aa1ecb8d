import type { UIMatch } from 'react-router';

/** Static data on each route object; `title` becomes "<title> · Payrail". */
export interface RouteHandle {
  title?: string;
  /**
   * Old-flow stepper value (spec §2): 1 employer/phone/loan terms/refinance terms, 2 refinance review,
   * 3 documents, 4 e-signature; the other new-loan pages take their phase's step (router.tsx). Absent
   * or 0 hides the stepper.
   */
  step?: number;
  /** The page's name under the current step when the title does not fit every borrower (allotment vs split direct deposit wording). */
  stepPage?: string;
  /** New-flow breadcrumb step, 0-based (newflow §2); absent or -1 hides the breadcrumb. */
  breadcrumb?: number;
}

export const APP_NAME = 'Payrail';

export function titleFromMatches(matches: readonly UIMatch[]): string {
  for (let i = matches.length - 1; i >= 0; i -= 1) {
    const handle = matches[i]?.handle as RouteHandle | undefined;
    if (handle?.title) return `${handle.title} · ${APP_NAME}`;
  }
  return APP_NAME;
}

/** The deepest route's stepper value, 0 when none. */
export function stepFromMatches(matches: readonly UIMatch[]): number {
  for (let i = matches.length - 1; i >= 0; i -= 1) {
    const handle = matches[i]?.handle as RouteHandle | undefined;
    if (handle?.step !== undefined) return handle.step;
  }
  return 0;
}

/** The deepest route's title without the app name. */
export function pageTitleFromMatches(matches: readonly UIMatch[]): string | undefined {
  for (let i = matches.length - 1; i >= 0; i -= 1) {
    const handle = matches[i]?.handle as RouteHandle | undefined;
    if (handle?.title) return handle.title;
  }
  return undefined;
}

/** The page's name under the stepper's current step: its `stepPage`, else its title. */
export function stepPageFromMatches(matches: readonly UIMatch[]): string | undefined {
  for (let i = matches.length - 1; i >= 0; i -= 1) {
    const handle = matches[i]?.handle as RouteHandle | undefined;
    if (handle?.stepPage) return handle.stepPage;
    if (handle?.title) return handle.title;
  }
  return undefined;
}

/** The deepest route's new-flow breadcrumb step; -1 (hidden) when none. */
export function breadcrumbFromMatches(matches: readonly UIMatch[]): number {
  for (let i = matches.length - 1; i >= 0; i -= 1) {
    const handle = matches[i]?.handle as RouteHandle | undefined;
    if (handle?.breadcrumb !== undefined) return handle.breadcrumb;
  }
  return -1;
}
