import { defineConfig } from 'vitest/config';

/** One runner, eight projects: the tiers of ../STYLE.md §10. TZ is pinned to UTC by scripts/test.mjs. */
export default defineConfig({
  test: {
    projects: [
      { test: { name: 'domain', root: 'packages/domain', include: ['src/**/*.test.ts'], environment: 'node' } },
      { test: { name: 'client', root: 'packages/client', include: ['src/**/*.test.ts'], environment: 'node' } },
      { test: { name: 'contract', root: 'packages/contract', include: ['src/**/*.test.ts'], environment: 'node' } },
      // The repository's own rules (lint boundaries): each rule is shown to fire on a sample.
      { test: { name: 'tooling', root: '.', include: ['scripts/**/*.test.ts'], environment: 'node', testTimeout: 60_000 } },
      {
        test: {
          name: 'api',
          root: 'apps/server',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          environment: 'node',
          // One migrated database per worker, reused by every file in it (a new PGlite costs seconds).
          isolate: false,
          pool: 'forks',
          testTimeout: 30_000,
          hookTimeout: 60_000,
          setupFiles: ['test/setup-env.ts'],
        },
      },
      'packages/ui/vite.config.ts',
      'apps/web/vite.config.ts',
      'apps/backoffice/vite.config.ts',
      'apps/employer/vite.config.ts',
    ],
  },
});
