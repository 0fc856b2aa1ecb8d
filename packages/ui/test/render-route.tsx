import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { RouteObject } from 'react-router';
import { setNavigator } from '@payrail/client/navigation';
import { AppProviders, createQueryClient } from '../src/app-providers';

/**
 * The staff-style SPAs' query client without the back-off between retries: a read no handler answers fails
 * in milliseconds instead of holding the page's spinners for seconds (as apps/web/test/render.tsx explains).
 */
export function testQueryClient() {
  const client = createQueryClient();
  client.setDefaultOptions({ ...client.getDefaultOptions(), queries: { ...client.getDefaultOptions().queries, retryDelay: 1 } });
  return client;
}

/** A staff-style SPA's real route table in memory at `path` (without the app's basename), with its providers and the navigation bridge. */
export function renderRoutes(routes: RouteObject[], path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  setNavigator((to, options) => {
    void router.navigate(to, options);
  });
  const utils = render(
    <AppProviders queryClient={testQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { router, ...utils };
}
