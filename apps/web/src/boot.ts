import '@payrail/ui/styles/tokens.css';
import '@payrail/ui/styles/global.css';
import { startPageReads } from './app/page-reads';

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
const start = () => void import('./main');
if (document.visibilityState === 'hidden') start();
else requestAnimationFrame(() => setTimeout(start, 0));
