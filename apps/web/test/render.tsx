import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AppProviders, createQueryClient } from '../src/app/providers';
import { routes } from '../src/app/router';
import { setNavigator } from '@payrail/client/navigation';

/**
 * The app's query client with its retry rule unchanged (a dropped connection is asked again, twice) but
 * without the back-off between tries: a read no handler answers fails in milliseconds instead of holding
 * the page's spinners for three seconds, which on a loaded machine ran past the tests' time limits.
 */
function testQueryClient() {
  const client = createQueryClient();
  client.setDefaultOptions({ ...client.getDefaultOptions(), queries: { ...client.getDefaultOptions().queries, retryDelay: 1 } });
  return client;
}

/** Renders the real route table at `path`, with providers and the navigation bridge wired. */
export function renderRoute(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  setNavigator((to, options) => {
    void router.navigate(to, options);
  });
  const queryClient = testQueryClient();
  const utils = render(
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { router, queryClient, ...utils };
}

/** Renders one element inside providers and a router (for components that use Link). */
export function renderWithProviders(ui: ReactElement) {
  const router = createMemoryRouter([{ path: '*', element: ui }], { initialEntries: ['/'] });
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
