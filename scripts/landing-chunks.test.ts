// The web build's chunk grouping for landing pages (apps/web/build/route-preloads.ts), on a small module graph.
import type { ChunkingContext, ModuleInfo } from 'rolldown';
import { describe, expect, it } from 'vitest';
import { landingChunkName } from '../apps/web/build/route-preloads';

const SRC = '/app/src';

/** A module graph given as importer lists (static imports only; route modules are imported dynamically). */
function graph(importers: Record<string, string[]>): ChunkingContext {
  return {
    getModuleInfo: (id: string) => (id in importers ? ({ id, importers: importers[id] } as unknown as ModuleInfo) : null),
  };
}

describe('landingChunkName', () => {
  const ids = {
    entry: `${SRC}/main.tsx`,
    sessionStore: `${SRC}/lib/session-store.ts`,
    signin: `${SRC}/app/routes/signin.tsx`,
    signup: `${SRC}/app/routes/signup.tsx`,
    dashboard: `${SRC}/app/routes/dashboard.tsx`,
    guards: `${SRC}/app/guards.tsx`,
    shell: `${SRC}/app/layouts/app-shell-layout.tsx`,
    authCard: `${SRC}/features/auth/components/auth-card.tsx`,
    passwordField: `${SRC}/features/auth/components/password-field.tsx`,
    alert: '/app/packages/ui/src/alert.tsx',
    profile: `${SRC}/app/routes/profile.tsx`,
    profileOnly: `${SRC}/features/profile/components/form.tsx`,
    cycleA: `${SRC}/features/auth/lib/a.ts`,
    cycleB: `${SRC}/features/auth/lib/b.ts`,
    reactDom: '/app/node_modules/react-dom/cjs/react-dom-client.production.js',
  };
  const ctx = graph({
    [ids.entry]: [],
    [ids.sessionStore]: [ids.entry, ids.signin],
    [ids.signin]: [],
    [ids.signup]: [],
    [ids.dashboard]: [],
    [ids.guards]: [],
    [ids.shell]: [],
    [ids.profile]: [],
    [ids.authCard]: [ids.signin, ids.signup],
    [ids.passwordField]: [ids.signin],
    [ids.alert]: [ids.authCard, ids.dashboard, ids.profileOnly],
    [ids.profileOnly]: [ids.profile],
    [ids.cycleA]: [ids.signup, ids.cycleB],
    [ids.cycleB]: [ids.cycleA],
    [ids.reactDom]: [ids.entry, ids.alert],
  });
  const name = landingChunkName({ srcDir: SRC, entry: 'main.tsx' });

  it('names a module by the landing pages that load it, in the order of LANDING_ROUTES', () => {
    expect(name(ids.signin, ctx)).toBe('pages-signin');
    expect(name(ids.passwordField, ctx)).toBe('pages-signin');
    expect(name(ids.authCard, ctx)).toBe('pages-signin+signup');
    // Reached from a landing page and from a deeper page alike: grouped by the landing pages only.
    expect(name(ids.alert, ctx)).toBe('pages-signin+signup+dashboard');
    expect(name(ids.dashboard, ctx)).toBe('pages-dashboard');
  });

  it('follows import cycles without looping', () => {
    expect(name(ids.cycleB, ctx)).toBe('pages-signup');
    expect(name(ids.cycleA, ctx)).toBe('pages-signup');
  });

  it('leaves alone what the entry loads, dependencies, and modules no landing page loads', () => {
    expect(name(ids.sessionStore, ctx)).toBe('app');
    expect(name(ids.reactDom, ctx)).toBeNull();
    expect(name(ids.profile, ctx)).toBeNull();
    expect(name(ids.profileOnly, ctx)).toBeNull();
  });

  it('leaves in the entry script’s own chunk what it imports, even when the app imports it too', () => {
    const boot = `${SRC}/boot.ts`;
    const pageReads = `${SRC}/app/page-reads.ts`;
    const readAhead = `${SRC}/lib/read-ahead.ts`;
    const bootCtx = graph({ [boot]: [], [ids.entry]: [], [pageReads]: [boot], [readAhead]: [pageReads, ids.entry], [ids.sessionStore]: [ids.entry] });
    const withBoot = landingChunkName({ srcDir: SRC, entry: 'main.tsx', boot: 'boot.ts' });
    expect(withBoot(pageReads, bootCtx)).toBeNull();
    expect(withBoot(readAhead, bootCtx)).toBeNull();
    expect(withBoot(ids.sessionStore, bootCtx)).toBe('app');
    // Without the entry script named, the shared module goes with the app's start (and the entry then waits for React).
    expect(landingChunkName({ srcDir: SRC, entry: 'main.tsx' })(readAhead, bootCtx)).toBe('app');
  });
});
