import { StrictMode, startTransition } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { AppProviders, createQueryClient, setAppQueryClient } from './app/providers';
import { createAppRouter, loadRouteTable } from './app/landing-routes';
import { holdPrerendered } from './app/prerendered-page';
import { preloadReadModules } from './app/read-preloads';
import { whenRouterReady } from './app/router-ready';
import { loadTagManager } from './features/analytics/lib/tag-manager';
import { captureTracking } from './lib/tracking';

const container = document.getElementById('root');
if (!container) throw new Error('index.html must contain <div id="root">');

// Before the router can rewrite the URL: the entry URL's tracking parameters and referrer.
captureTracking();
loadTagManager();

// A prerendered landing page (build/prerender.mjs) stays on screen until the router has the page's
// modules; the first render then draws that same page, in the same task as the old markup goes, so nothing
// blank or half-drawn is ever painted in between. What the visitor typed there meanwhile moves over, and a
// form sent meanwhile is sent again (app/prerendered-page.ts).
const prerendered = container.hasAttribute('data-prerendered') ? holdPrerendered(container) : null;

/**
 * The router's building, its start (matching the URL, loading the page's modules) and the first render,
 * each in a task of its own. A page drawn from nothing (no prerendered markup) renders as a transition:
 * React then works in slices of a few milliseconds and yields between them, so a tap meanwhile waits for a
 * slice, not for the whole page. A prerendered page is replaced in one synchronous render (`flushSync`), in
 * the same task as its markup goes, so nothing blank is ever painted in between.
 */
function start(root: HTMLElement) {
  // Known before the router starts: the shell's module starts its reads with it as soon as the router has loaded it.
  const queryClient = createQueryClient();
  setAppQueryClient(queryClient);
  const router = createAppRouter();
  setTimeout(() => router.initialize(), 0);
  // The first reads' schemas (zod on /dashboard) download once the page's own modules are in, not beside them.
  void whenRouterReady(router).then(() => preloadReadModules(location.pathname));
  const app = (
    <StrictMode>
      <AppProviders queryClient={queryClient}>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>
  );
  if (prerendered) {
    void whenRouterReady(router)
      .then(() =>
        prerendered.takeOver(() => {
          const reactRoot = createRoot(root);
          flushSync(() => reactRoot.render(app));
        }),
      )
      // The full route table (the landing table holds this page alone) loads on the visitor's first press of a pointer or
      // a key, ahead of the navigation it may start; a navigation before that loads it itself (landing-routes.tsx).
      .then(() => {
        const load = () => {
          for (const type of ['pointerdown', 'keydown'] as const) document.removeEventListener(type, load, true);
          void loadRouteTable();
        };
        for (const type of ['pointerdown', 'keydown'] as const) document.addEventListener(type, load, true);
      });
  } else {
    setTimeout(() => {
      const reactRoot = createRoot(root);
      startTransition(() => reactRoot.render(app));
    }, 0);
  }
}

// The scripts' evaluation and the app's start run as separate tasks, each short enough not to hold up a
// tap or a keystroke meanwhile.
setTimeout(() => start(container), 0);
