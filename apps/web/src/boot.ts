import '@payrail/ui/styles/tokens.css';
import '@payrail/ui/styles/global.css';
import { isLandingTablePath } from './app/landing-paths';
import { startPageReads } from './app/page-reads';
import { holdPrerendered } from './app/prerendered-page';

/**
 * The page's entry. The browser draws the page from the HTML alone (the boot shell, or a prerendered
 * landing page), and the app's modules, preloaded from the HTML's head (`payrail:start-preloads` in
 * build/route-preloads.ts), download meanwhile. The app (main.tsx) is evaluated only once that first
 * frame has been painted: evaluating React and the app is the longest task of a page's start, and the
 * first paint must never wait for it. In a hidden tab (no frames) it starts at once.
 *
 * The page's first reads (app/page-reads.ts) start before anything else: their answers come back while the
 * app's modules still download, not one round trip after the app has started.
 */
startPageReads(location.pathname);
// A prerendered page is held from now on, not from the app's start: a button pressed or a form sent while the app's
// modules still download is done again once the app has drawn the page (app/prerendered-page.ts; main.tsx takes it over).
const root = document.getElementById('root');
if (root?.hasAttribute('data-prerendered')) holdPrerendered(root);
// A page the landing route table does not hold (app/landing-paths.ts) needs the full table before the router can match it:
// its download starts with the app's, not once the app has started.
const start = () => {
  void import('./main');
  if (!isLandingTablePath(location.pathname)) void import('./app/router');
};
if (document.visibilityState === 'hidden') start();
else requestAnimationFrame(() => setTimeout(start, 0));
