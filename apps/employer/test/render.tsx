import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { setNavigator } from '@payrail/client/navigation';
import { AppProviders, createQueryClient } from '../src/app/providers';
import { routes } from '../src/app/router';

/** The app's query client without the back-off between retries. */
function testQueryClient() {
  const client = createQueryClient();
  client.setDefaultOptions({ ...client.getDefaultOptions(), queries: { ...client.getDefaultOptions().queries, retryDelay: 1 } });
  return client;
}

/** The real portal routes in memory (paths without the /employer basename). */
export function renderRoute(path: string) {
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
