import { renderRoutes } from '@payrail/ui/test/render-route';
import { routes } from '../src/app/router';

/** The real portal routes in memory (paths without the /employer basename). */
export function renderRoute(path: string) {
  return renderRoutes(routes, path);
}
