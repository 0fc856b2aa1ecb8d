import { renderRoutes } from '@payrail/ui/test/render-route';
import { routes } from '../src/app/router';

/** The real back-office routes in memory (paths without the /backoffice basename). */
export function renderRoute(path: string) {
  return renderRoutes(routes, path);
}
