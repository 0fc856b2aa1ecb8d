import { UNSAFE_createBrowserHistory, UNSAFE_createRouter, UNSAFE_hydrationRouteProperties, UNSAFE_mapRouteProperties } from 'react-router';
import type { DataRouter, RouteObject } from 'react-router';
import { LoadingBlock } from '@payrail/ui/spinner';
import { setNavigator } from '@payrail/client/navigation';
import { newflowBreadcrumbStep } from './status-routes';
import { PublicLayout } from './layouts/public-layout';
import { RootLayout } from './root-layout';
import type { RouteHandle } from './route-handle';
import { RouteError } from './routes/route-error';

export const handle = (title: string, step?: number, stepPage?: string): RouteHandle => ({
  title,
  ...(step === undefined ? {} : { step }),
  ...(stepPage ? { stepPage } : {}),
});

export const nf = (slug: string, title: string): RouteHandle => ({ title, breadcrumb: newflowBreadcrumbStep(slug) });

/** The ids of the routes the full table's other routes are added under (`ROUTE_PATCHES` in router.tsx). */
export const ROOT_ID = 'root';
export const PUBLIC_PAGES_ID = 'public-pages';
export const NEWFLOW_PAGES_ID = 'newflow-pages';

/** /signup and /signin, under the old-flow shell. */
const PUBLIC_LANDING: RouteObject[] = [
  { path: 'signup', id: 'Signup', handle: handle('Check your rate'), lazy: () => import('./routes/signup') },
  { path: 'signin', handle: handle('Sign in'), lazy: () => import('./routes/signin') },
];

/** The new flow's sign-up (Check Your Rate) and sign-in, under its shell. */
const NEWFLOW_LANDING: RouteObject[] = [
  { path: 'signup', handle: nf('signup', 'Check Your Rate'), lazy: () => import('./routes/newflow/signup') },
  { path: 'signin', handle: nf('signin', 'Sign in'), lazy: () => import('./routes/newflow/signin') },
];

/**
 * The route tree: the root, the old-flow shell and the new flow's shell, each with the landing pages
 * (above) and `more` of its own. The full table (router.tsx) is this tree with every other page; the
 * app's start on a landing page builds it with the landing pages alone (`createAppRouter`).
 */
export function routeTree(more: { root?: RouteObject[]; public?: RouteObject[]; newflow?: RouteObject[] } = {}): RouteObject[] {
  return [
    {
      id: ROOT_ID,
      element: <RootLayout />,
      hydrateFallbackElement: <LoadingBlock />,
      children: [
        {
          id: 'public',
          element: <PublicLayout />,
          // Errors render inside the shell, so the visitor keeps header, footer and phone number.
          children: [{ id: PUBLIC_PAGES_ID, errorElement: <RouteError />, children: [...PUBLIC_LANDING, ...(more.public ?? [])] }],
        },
        {
          // The new application flow: its own shell with the 6-step breadcrumb and the help footer.
          id: 'newflow',
          path: 'application/newflow',
          lazy: () => import('./layouts/newflow-layout').then((module) => ({ Component: module.NewflowLayout })),
          children: [{ id: NEWFLOW_PAGES_ID, errorElement: <RouteError />, children: [...NEWFLOW_LANDING, ...(more.newflow ?? [])] }],
        },
        ...(more.root ?? []),
      ],
    },
  ];
}

/** The full table's other routes, by the id of the route they go under (router.tsx). */
export type RoutePatches = Readonly<Record<string, RouteObject[]>>;

/** The full table's module: loaded on the first path the landing table does not hold, or ahead once the page is drawn. */
export const loadRouteTable = () => import('./router');

/**
 * The browser router, registered as the navigation bridge for code outside React; built but not started.
 * `router.initialize()` starts it (the first match, the page's modules): React Router's
 * `createBrowserRouter(routes)` is these same two steps in one call, and main.tsx runs them as two tasks,
 * each about half as long as the one (docs/architecture.md, "Prerendered landing pages").
 *
 * It starts with the landing pages' routes only (`routeTree()`): the full table (router.tsx, with every
 * page's module loader) is not part of a landing page's first load. React Router asks for more routes
 * (`patchRoutesOnNavigation`) whenever a path is not matched, or matched with a parameter that a route
 * not yet added might match more closely: the first time, the full table is loaded and its other routes
 * are added under their parents; afterwards there is nothing left to add.
 */
export function createAppRouter(): DataRouter {
  let patched = false;
  const router = UNSAFE_createRouter({
    history: UNSAFE_createBrowserHistory(),
    routes: routeTree(),
    mapRouteProperties: UNSAFE_mapRouteProperties,
    hydrationRouteProperties: UNSAFE_hydrationRouteProperties,
    async patchRoutesOnNavigation({ patch, signal }) {
      if (patched) return;
      const { ROUTE_PATCHES } = await loadRouteTable();
      // A navigation replaced meanwhile adds nothing (React Router ignores its patch): the next one will.
      if (patched || signal.aborted) return;
      for (const [parentId, children] of Object.entries(ROUTE_PATCHES)) patch(parentId, children);
      patched = true;
    },
  });
  setNavigator((to, options) => {
    void router.navigate(to, options);
  });
  return router;
}
