import type { Tracking } from './session-store';
import { sessionStore } from './session-store';

const UTM_KEYS = ['utm_source', 'utm_medium', 'utm_campaign'] as const;
const MAX = { utm: 200, referer: 2000 } as const;

/**
 * Reads the tracking parameters of the entry URL (spec §1): utm_source, utm_medium, utm_campaign from
 * the query and http_referer from document.referrer when it is another site. Answers null when the
 * entry carries none, so an in-app reload does not wipe what the first page brought.
 */
export function readTracking(href: string, referrer: string): Tracking | null {
  const url = new URL(href);
  const tracking: Tracking = {};
  for (const key of UTM_KEYS) {
    const value = url.searchParams.get(key)?.trim();
    if (value) tracking[key] = value.slice(0, MAX.utm);
  }
  if (referrer) {
    try {
      if (new URL(referrer).origin !== url.origin) tracking.http_referer = referrer.slice(0, MAX.referer);
    } catch {
      // A referrer that is not a URL is ignored.
    }
  }
  return Object.keys(tracking).length > 0 ? tracking : null;
}

/** Called once at start-up with the entry URL; a new campaign replaces the previous one. */
export function captureTracking(href: string = window.location.href, referrer: string = document.referrer): void {
  const tracking = readTracking(href, referrer);
  if (tracking) sessionStore.setTracking(tracking);
}

/** The query parameters POST /signup and POST /login carry. */
export function trackingQuery(): Record<string, string | undefined> {
  return { ...sessionStore.getTracking() };
}
