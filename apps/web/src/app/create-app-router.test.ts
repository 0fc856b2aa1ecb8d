import { afterEach, describe, expect, it } from 'vitest';
import { navigate } from '@payrail/client/navigation';
import { createAppRouter } from './router';
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
});
