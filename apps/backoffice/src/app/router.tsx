import { createBrowserRouter } from 'react-router';
import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { LoadingBlock } from '@payrail/ui/spinner';
import { setNavigator } from '@payrail/client/navigation';
import { StaffLayout } from './layouts/staff-layout';

export const BASENAME = '/backoffice';

/** A page's module, lazily loaded, as the route's Component (the pages live in their features, issue #34). */
function page<K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K): NonNullable<RouteObject['lazy']> {
  return async () => ({ Component: (await load())[name] });
}

export const routes: RouteObject[] = [
  {
    path: '/signin',
    lazy: page(() => import('../features/auth/components/sign-in-page'), 'SignInPage'),
    hydrateFallbackElement: <LoadingBlock />,
  },
  {
    path: '/',
    element: <StaffLayout />,
    hydrateFallbackElement: <LoadingBlock />,
    children: [
      { index: true, lazy: page(() => import('../features/applications/components/queue-page'), 'QueuePage') },
      // The application, funding and loan pages compose several features, so they are composed here in app/.
      { path: 'applications/:userId', lazy: () => import('./routes/application') },
      { path: 'funding', lazy: () => import('./routes/funding') },
      { path: 'loans', lazy: page(() => import('../features/loans/components/loans-page'), 'LoansPage') },
      { path: 'loans/:loanId', lazy: () => import('./routes/loan') },
      { path: 'servicing', lazy: page(() => import('../features/servicing/components/servicing-page'), 'ServicingPage') },
      { path: 'hardship', lazy: page(() => import('../features/hardship/components/hardship-queue-page'), 'HardshipQueuePage') },
      { path: 'hardship/:id', lazy: page(() => import('../features/hardship/components/hardship-request-page'), 'HardshipRequestPage') },
      { path: 'collections', lazy: page(() => import('../features/collections/components/collections-page'), 'CollectionsPage') },
      { path: 'audit', lazy: page(() => import('../features/audit/components/audit-page'), 'AuditPage') },
      { path: 'system-event', lazy: page(() => import('../features/system-event/components/system-event-page'), 'SystemEventPage') },
      { path: 'storage-check', lazy: page(() => import('../features/storage/components/storage-check-page'), 'StorageCheckPage') },
      { path: 'credit-reporting', lazy: page(() => import('../features/credit-reporting/components/credit-reporting-page'), 'CreditReportingPage') },
      { path: 'portfolio', lazy: page(() => import('../features/portfolio/components/portfolio-page'), 'PortfolioPage') },
      { path: 'employers', lazy: page(() => import('../features/employers/components/employers-page'), 'EmployersPage') },
      { path: 'employers/:employerId', lazy: page(() => import('../features/employers/components/employer-detail-page'), 'EmployerDetailPage') },
      { path: 'jobs', lazy: page(() => import('../features/jobs/components/jobs-page'), 'JobsPage') },
    ],
  },
  { path: '*', lazy: page(() => import('../components/not-found-page'), 'NotFoundPage'), hydrateFallbackElement: <LoadingBlock /> },
];

/** Browser router under /backoffice, registered as the navigation bridge for the api-client. */
export function createAppRouter() {
  const router = createBrowserRouter(routes, { basename: BASENAME });
  setNavigator((to, options) => {
    void router.navigate(to, options);
  });
  return router;
}
