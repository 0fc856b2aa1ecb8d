import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { setNavigator } from '@payrail/client/navigation';
import { AppProviders, createQueryClient } from '../src/app/providers';
import { routes } from '../src/app/router';

/** The real back-office routes in memory (paths without the /backoffice basename). */
export function renderRoute(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  setNavigator((to, options) => {
    void router.navigate(to, options);
  });
  const utils = render(
    <AppProviders queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { router, ...utils };
}
