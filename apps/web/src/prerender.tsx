import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { AppProviders, createQueryClient } from './app/providers';
import { titleFromMatches } from './app/route-handle';
import { routes } from './app/router';
import { whenRouterReady } from './app/router-ready';

/**
 * The public pages people land on, drawn at build time (build/prerender.mjs) so that their HTML already
 * holds the page a visitor first sees: the browser paints the card and its fields from the HTML alone,
 * and the app, once its modules are in, draws the same page in their place (main.tsx). Only pages whose
 * first render depends on nothing but the URL path: no session, no URL parameters, no server answer.
 */
export const PRERENDERED_PATHS = ['/signin', '/signup', '/application/newflow/signup', '/application/newflow/signin'] as const;

/**
 * The app's first render of `path` for a visitor without a session, as HTML, with the page's title.
 * Runs in a DOM (happy-dom at build time, the test environment in tests: the app's modules read
 * `window`); React's server renderer draws the first render without running an effect or sending a
 * request: what the browser's own first render draws.
 */
export async function prerender(path: string): Promise<{ html: string; title: string }> {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  await whenRouterReady(router);
  // React's server renderer: the page's first render as HTML, with no effect run and nothing fetched.
  const container = document.createElement('div');
  container.innerHTML = renderToString(
    <StrictMode>
      <AppProviders queryClient={createQueryClient()}>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  );
  // Until the app has drawn the page, its forms must not submit themselves: a form without the app's
  // handler would send its fields in the URL. `method="dialog"` outside a dialog submits nothing.
  for (const form of container.querySelectorAll('form')) form.setAttribute('method', 'dialog');
  const html = container.innerHTML;
  const title = titleFromMatches(
    router.state.matches.map((match) => ({
      id: match.route.id,
      pathname: match.pathname,
      params: match.params,
      data: undefined,
      loaderData: undefined,
      handle: match.route.handle,
    })),
  );
  router.dispose();
  return { html, title };
}
