import { afterEach, describe, expect, it } from 'vitest';
import { navigate } from '@payrail/client/navigation';
import { matchRoutes } from 'react-router';
import { PRERENDERED_PATHS } from '../prerender';
import { LANDING_TABLE_PATHS, isLandingTablePath } from './landing-paths';
import { createAppRouter, routeTree } from './landing-routes';
import { whenRouterReady } from './router-ready';

describe('createAppRouter — built in one task, started in the next', () => {
  let dispose: (() => void) | null = null;
  afterEach(() => {
    dispose?.();
    dispose = null;
    window.history.replaceState(null, '', '/');
  });

  it('matches nothing and loads nothing until it is started; then matches the URL with its page modules', async () => {
    window.history.replaceState(null, '', '/signin');
    const router = createAppRouter();
    dispose = () => router.dispose();
    expect(router.state.initialized).toBe(false);
    expect(router.state.navigation.state).toBe('idle');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(router.state.initialized).toBe(false);
    router.initialize();
    await whenRouterReady(router);
    expect(router.state.location.pathname).toBe('/signin');
    expect(router.state.matches.at(-1)?.route.path).toBe('signin');
  });

  it('is the navigation bridge for code outside React, on the browser history', async () => {
    window.history.replaceState(null, '', '/signin');
    const router = createAppRouter();
    dispose = () => router.dispose();
    router.initialize();
    await whenRouterReady(router);
    navigate('/signup');
    const arrived = () => router.state.navigation.state === 'idle' && router.state.location.pathname === '/signup';
    await new Promise<void>((resolve) => {
      if (arrived()) return resolve();
      const stop = router.subscribe(() => {
        if (!arrived()) return;
        stop();
        resolve();
      });
    });
    expect(window.location.pathname).toBe('/signup');
  });

  it('starts with the landing pages alone and adds the full table on the first other path, at the start or on a navigation', async () => {
    const pathsOf = (router: { routes: readonly { path?: string; children?: unknown }[] }) => {
      const found: string[] = [];
      const walk = (list: readonly { path?: string; children?: unknown }[]) => {
        for (const route of list) {
          if (route.path) found.push(route.path);
          walk((route.children ?? []) as { path?: string; children?: unknown }[]);
        }
      };
      walk(router.routes);
      return found;
    };
    window.history.replaceState(null, '', '/signin');
    const landing = createAppRouter();
    dispose = () => landing.dispose();
    expect(pathsOf(landing).sort()).toEqual(['application/newflow', 'signin', 'signin', 'signup', 'signup']);
    landing.initialize();
    await whenRouterReady(landing);
    await landing.navigate('/c/abc');
    expect(landing.state.location.pathname).toBe('/c/abc');
    expect(landing.state.matches.at(-1)?.route.path).toBe('c/:code');
    expect(pathsOf(landing)).toContain('dashboard');
    landing.dispose();

    window.history.replaceState(null, '', '/privacy_policy');
    const deep = createAppRouter();
    dispose = () => deep.dispose();
    deep.initialize();
    await whenRouterReady(deep);
    expect(deep.state.matches.at(-1)?.route.path).toBe('privacy_policy');
    await deep.navigate('/application/newflow/no_such_step');
    expect(deep.state.matches.at(-1)?.route.path).toBe('*');
  });

  it('the landing table holds exactly the prerendered pages, which landing-paths.ts names for the entry and the build', () => {
    expect([...LANDING_TABLE_PATHS].sort()).toEqual([...PRERENDERED_PATHS].sort());
    for (const path of LANDING_TABLE_PATHS) {
      expect(matchRoutes(routeTree(), path)?.at(-1)?.pathname).toBe(path);
      expect(isLandingTablePath(`${path}/`)).toBe(true);
    }
    expect(matchRoutes(routeTree(), '/dashboard')).toBeNull();
    expect(isLandingTablePath('/dashboard')).toBe(false);
  });
});
