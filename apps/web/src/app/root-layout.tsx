import { useEffect, useRef } from 'react';
import { Outlet, ScrollRestoration, useLocation, useMatches } from 'react-router';
import { useVisitorLog } from '../features/analytics/hooks/use-visitor-log';
import { titleFromMatches } from './route-handle';

/**
 * Wraps every page: keeps the document title in step with the route, logs the visit and, after an
 * in-app navigation, moves focus to <main> so screen-reader and keyboard users start at the new content.
 */
export function RootLayout() {
  const matches = useMatches();
  const location = useLocation();
  const firstRender = useRef(true);
  const title = titleFromMatches(matches);
  useVisitorLog();

  useEffect(() => {
    document.title = title;
  }, [title]);

  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    if (location.hash) return;
    document.getElementById('main')?.focus({ preventScroll: true });
  }, [location.pathname, location.hash]);

  return (
    <>
      <Outlet />
      <ScrollRestoration />
    </>
  );
}
