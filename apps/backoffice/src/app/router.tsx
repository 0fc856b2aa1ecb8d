import { createBrowserRouter } from 'react-router';
import type { RouteObject } from 'react-router';
import { LoadingBlock } from '@payrail/ui/spinner';
import { setNavigator } from '@payrail/client/navigation';
import { StaffLayout } from './layouts/staff-layout';

export const BASENAME = '/backoffice';

export const routes: RouteObject[] = [
  { path: '/signin', lazy: () => import('./routes/sign-in'), hydrateFallbackElement: <LoadingBlock /> },
  {
    path: '/',
    element: <StaffLayout />,
    hydrateFallbackElement: <LoadingBlock />,
    children: [
      { index: true, lazy: () => import('./routes/queue') },
      { path: 'applications/:userId', lazy: () => import('./routes/application') },
      { path: 'funding', lazy: () => import('./routes/funding') },
      { path: 'loans', lazy: () => import('./routes/loans') },
      { path: 'loans/:loanId', lazy: () => import('./routes/loan') },
      { path: 'servicing', lazy: () => import('./routes/servicing') },
      { path: 'hardship', lazy: () => import('./routes/hardship-queue') },
      { path: 'hardship/:id', lazy: () => import('./routes/hardship-request') },
      { path: 'collections', lazy: () => import('./routes/collections') },
      { path: 'audit', lazy: () => import('./routes/audit') },
      { path: 'system-event', lazy: () => import('./routes/system-event') },
      { path: 'storage-check', lazy: () => import('./routes/storage-check') },
      { path: 'credit-reporting', lazy: () => import('./routes/credit-reporting') },
      { path: 'portfolio', lazy: () => import('./routes/portfolio') },
      { path: 'employers', lazy: () => import('./routes/employers') },
      { path: 'employers/:employerId', lazy: () => import('./routes/employer') },
      { path: 'jobs', lazy: () => import('./routes/jobs') },
    ],
  },
  { path: '*', lazy: () => import('./routes/not-found'), hydrateFallbackElement: <LoadingBlock /> },
];

/** Browser router under /backoffice, registered as the navigation bridge for the api-client. */
export function createAppRouter() {
  const router = createBrowserRouter(routes, { basename: BASENAME });
  setNavigator((to, options) => {
    void router.navigate(to, options);
  });
  return router;
}
