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
    // Shared by the dashboard and a public page (reached from a deeper page too): with the app's start, which every page preloads.
    expect(name(ids.alert, ctx)).toBe('app');
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

  it("groups a landing page's first reads' schemas (LANDING_READ_MODULES) and their static imports in one chunk, zod included", () => {
    const servicing = '/app/packages/contract/src/servicing.ts';
    const ach = '/app/packages/contract/src/ach.ts';
    const money = '/app/packages/domain/src/money.ts';
    const zod = '/app/node_modules/zod/v4/classic/schemas.js';
    const other = '/app/packages/contract/src/application.ts';
    const edges: Record<string, { importers: string[]; importedIds: string[] }> = {
      [ids.entry]: { importers: [], importedIds: [] },
      [ids.dashboard]: { importers: [], importedIds: [money] },
      [servicing]: { importers: [], importedIds: [ach, money, zod] },
      [ach]: { importers: [servicing], importedIds: [zod] },
      // The page's own module imports it too: it is evaluated before the first render, with the page's modules.
      [money]: { importers: [servicing, ids.dashboard], importedIds: [] },
      [zod]: { importers: [servicing, ach, other], importedIds: [] },
      [other]: { importers: [], importedIds: [zod] },
    };
    const readsCtx: ChunkingContext = {
      getModuleInfo: (id: string) => (id in edges ? ({ id, ...edges[id] } as unknown as ModuleInfo) : null),
    };
    const withReads = landingChunkName({ srcDir: SRC, entry: 'main.tsx', repoRoot: '/app' });
    expect(withReads(servicing, readsCtx)).toBe('reads-dashboard');
    expect(withReads(ach, readsCtx)).toBe('reads-dashboard');
    expect(withReads(zod, readsCtx)).toBe('reads-dashboard');
    expect(withReads(money, readsCtx)).toBe('pages-dashboard');
    // Another module that imports zod is not one of the reads': it stays where the bundler puts it.
    expect(withReads(other, readsCtx)).toBeNull();
    // Without the repository's root, no reads chunk (the grouping of before).
    expect(landingChunkName({ srcDir: SRC, entry: 'main.tsx' })(servicing, readsCtx)).toBeNull();
  });
});
