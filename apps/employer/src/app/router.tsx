import { createBrowserRouter, Navigate } from 'react-router';
import type { RouteObject } from 'react-router';
import { LoadingBlock } from '@payrail/ui/spinner';
import { setNavigator } from '@payrail/client/navigation';
import { PortalLayout } from './layouts/portal-layout';

export const BASENAME = '/employer';

export const routes: RouteObject[] = [
  { path: '/signin', lazy: () => import('./routes/sign-in'), hydrateFallbackElement: <LoadingBlock /> },
  { path: '/invitation', lazy: () => import('./routes/invitation'), hydrateFallbackElement: <LoadingBlock /> },
  {
    path: '/',
    element: <PortalLayout />,
    hydrateFallbackElement: <LoadingBlock />,
    children: [
      { index: true, element: <Navigate to="/deductions" replace /> },
      { path: 'deductions', lazy: () => import('./routes/deductions') },
      { path: 'remittances', lazy: () => import('./routes/remittances') },
      { path: 'verifications', lazy: () => import('./routes/verifications') },
      { path: 'changes', lazy: () => import('./routes/changes') },
    ],
  },
  { path: '*', lazy: () => import('./routes/not-found'), hydrateFallbackElement: <LoadingBlock /> },
];

/** Browser router under /employer, registered as the navigation bridge for the api-client. */
export function createAppRouter() {
  const router = createBrowserRouter(routes, { basename: BASENAME });
  setNavigator((to, options) => {
    void router.navigate(to, options);
  });
  return router;
}
