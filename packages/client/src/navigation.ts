/**
 * Navigation bridge: code outside React (the api-client, stores) navigates through the router the
 * app registered here, so a 401 or 503 moves the SPA without a full page reload.
 */
export interface NavigateOptions {
  replace?: boolean;
  /** Route state for the next page (e.g. the social identity carried to /signup). */
  state?: unknown;
}

export type Navigator = (to: string, options?: NavigateOptions) => void;

let current: Navigator | null = null;
let queued: { to: string; options?: NavigateOptions } | null = null;

/** Registers the router's navigate function; returns a function that unregisters it. */
export function setNavigator(navigator: Navigator): () => void {
  current = navigator;
  if (queued) {
    // A call failed before the router existed (e.g. during boot); honour the latest request.
    const { to, options } = queued;
    queued = null;
    navigator(to, options);
  }
  return () => {
    if (current === navigator) current = null;
  };
}

/** Navigates inside the SPA. Paths are app-relative (the router adds any basename). */
export function navigate(to: string, options?: NavigateOptions): void {
  if (current) current(to, options);
  else queued = { to, options };
}

/**
 * Full page load, only where the spec asks for one (e.g. /refinance_terms after sign-in, the
 * external servicer dashboard): it drops all in-memory state on purpose.
 */
export function redirectFullPage(url: string): void {
  window.location.assign(url);
}
